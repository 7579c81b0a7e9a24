/**
 * Links the nodes show in their notices, to the package's own documentation (its repository, the
 * package's homepage).
 */
const REPOSITORY = 'https://github.com/n8n-nodes-document-signing/n8n-nodes-document-signing';

/** The example workflow "Catch up after an n8n restart" (Catch Up After Restart every minute). */
export const CATCH_UP_EXAMPLE_URL = `${REPOSITORY}/blob/main/examples/catch-up-after-restart.json`;
