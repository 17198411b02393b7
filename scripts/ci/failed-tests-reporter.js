// A Jest reporter for CI's log: each failed test file and test, with the first line of its error, appended to
// the file named by STEP_FAILURES_FILE (scripts/steps.sh), which the run prints at its very end. Without that
// variable (a developer's own `npx jest`) it does nothing.
const fs = require('node:fs');
const path = require('node:path');

const firstLine = (text) =>
  String(text ?? '')
    // Jest's failure messages are coloured.
    .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('●')) ?? '';

class FailedTestsReporter {
  constructor(globalConfig, options = {}) {
    this.suite = options.suite ?? 'Jest';
    this.rootDir = globalConfig.rootDir;
  }

  onTestResult(_test, result) {
    const file = process.env.STEP_FAILURES_FILE;
    if (!file) return;
    const name = path.relative(this.rootDir, result.testFilePath);
    const lines = [];
    if (result.testExecError) {
      // A file that failed outside its tests ("Test suite failed to run"): the message may be empty, the
      // failure message has it.
      const reason = firstLine(result.testExecError.message) || firstLine(result.failureMessage);
      lines.push(`${this.suite}: ${name}: ${reason}`);
    }
    for (const test of result.testResults) {
      if (test.status !== 'failed') continue;
      lines.push(`${this.suite}: ${name} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    }
    if (result.failureMessage && lines.length === 0) {
      lines.push(`${this.suite}: ${name}: ${firstLine(result.failureMessage)}`);
    }
    if (lines.length > 0) fs.appendFileSync(file, lines.map((line) => `${line.slice(0, 400)}\n`).join(''));
  }
}

module.exports = FailedTestsReporter;
