import { sendCsv } from '../http/csv';
import type { Handlers } from '../openapi/handler-types';
import { answerCsvRows, createAnswer, listMyAnswers, listOpenQuestionnaires } from './answers';
import {
  createQuestionnaire,
  deleteQuestionnaire,
  findQuestionnaire,
  listQuestionnaires,
  questionnaireJson,
  updateQuestionnaire,
} from './questionnaires';
import {
  createQuestion,
  deleteQuestion,
  getQuestion,
  listQuestions,
  reorderQuestions,
  updateQuestion,
} from './questions';

export const questionnaireHandlers: Handlers = {
  async listQuestionnaires(req) {
    return listQuestionnaires(req.server.deps.database.db, req.world.id);
  },

  async createQuestionnaire(req, reply) {
    const { database, now } = req.server.deps;
    const created = await createQuestionnaire(database.db, req.world.id, req.body, now());
    reply.code(201);
    return created;
  },

  async getQuestionnaire(req) {
    const { db } = req.server.deps.database;
    return questionnaireJson(db, await findQuestionnaire(db, req.world.id, req.params.id));
  },

  async updateQuestionnaire(req) {
    const { database, now } = req.server.deps;
    return updateQuestionnaire(database.db, req.world.id, req.params.id, req.body, now());
  },

  async deleteQuestionnaire(req, reply) {
    await deleteQuestionnaire(req.server.deps.database.db, req.world.id, req.params.id);
    return reply.code(204).send();
  },

  async updateQuestionsPosition(req) {
    const { database, now } = req.server.deps;
    return reorderQuestions(database.db, req.world.id, req.params.id, req.body.questionIds, now());
  },

  async listQuestionnaireQuestions(req) {
    return listQuestions(req.server.deps.database.db, req.world.id, req.params.questionnaire_id);
  },

  async createQuestionnaireQuestion(req, reply) {
    const question = await createQuestion(
      req.server.deps.database.db,
      req.world.id,
      req.params.questionnaire_id,
      req.body,
    );
    reply.code(201);
    return question;
  },

  async getQuestionnaireQuestion(req) {
    return getQuestion(
      req.server.deps.database.db,
      req.world.id,
      req.params.questionnaire_id,
      req.params.id,
    );
  },

  async updateQuestionnaireQuestion(req) {
    return updateQuestion(
      req.server.deps.database.db,
      req.world.id,
      req.params.questionnaire_id,
      req.params.id,
      req.body,
    );
  },

  async deleteQuestionnaireQuestion(req, reply) {
    await deleteQuestion(
      req.server.deps.database.db,
      req.world.id,
      req.params.questionnaire_id,
      req.params.id,
    );
    return reply.code(204).send();
  },

  async downloadQuestionnaireAnswersCsv(req, reply) {
    const { title, rows } = await answerCsvRows(
      req.server.deps.database.db,
      req.world.id,
      req.query.questionnaireId,
    );
    return sendCsv(reply, `${title}_回答.csv`, rows);
  },

  async listOpenQuestionnaires(req) {
    const { database, now } = req.server.deps;
    return listOpenQuestionnaires(database.db, req.world.id, now());
  },

  async listMyQuestionnaireAnswers(req) {
    return listMyAnswers(
      req.server.deps.database.db,
      req.world.id,
      req.auth.user.id,
      req.query.questionnaireId,
    );
  },

  async createQuestionnaireAnswer(req, reply) {
    const { database, now } = req.server.deps;
    const answer = await createAnswer(database.db, req.world.id, req.auth.user.id, req.body, now());
    reply.code(201);
    return answer;
  },
};
