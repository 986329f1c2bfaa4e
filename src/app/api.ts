import { createApiClient } from '../services/api/client';
import { createQueryClient } from '../services/api/queries';
import { createAppStorage } from '../services/storage';

/** The app's one storage and one API client: the session's 401 handling sees every call. */
export const appStorage = createAppStorage();
export const apiClient = createApiClient({ storage: appStorage });

/** The app's one query cache; emptied whenever the signed-in user changes (./query-scope.tsx). */
export const queryClient = createQueryClient();
