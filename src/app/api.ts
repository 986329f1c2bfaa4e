import { createApiClient } from '../services/api/client';
import { createAppStorage } from '../services/storage';

/** The app's one storage and one API client: the session's 401 handling sees every call. */
export const appStorage = createAppStorage();
export const apiClient = createApiClient({ storage: appStorage });
