/** The closing line of `npm run test:e2e`: "E2E: N passed, N failed, N skipped" (see ../summaryReporter.js). */
module.exports = require('../summaryReporter.js');
