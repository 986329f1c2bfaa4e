import type { components } from '../../../services/api/schema';

export type Questionnaire = components['schemas']['Questionnaire'];
export type Question = components['schemas']['QuestionnaireQuestion'];
