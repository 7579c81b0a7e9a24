/** Re-exported from the domain module (../domain/ids.ts) for the files that import them from here. */
export { checkId, getIdParameter, isUuid, UUID_PATTERN } from '../domain/ids';
