/** @type {import("jest").Config} */
module.exports = {
  preset: "ts-jest",
  testEnvironment: "node",
  roots: [
    "test"
  ],
  testMatch: [
    "**/*.test.ts"
  ],
  transform: {
    "^.+\\.ts$": [
      "ts-jest",
      {
        tsconfig: "test/tsconfig.json"
      }
    ]
  },
  testTimeout: 30000,
  reporters: ["default", "<rootDir>/test/summaryReporter.js"]
};
