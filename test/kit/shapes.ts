import type { RecordedRequest } from '../sandbox';
import { answerChecker, loadResponses, operationOf, type AnswerChecker } from '../docs/responses';

/**
 * Every success answer the sandbox gave in a test holds exactly the documented keys of its
 * operation (api/responses.json, strict): the operation tests then check the answers of every
 * state they reach, on top of test/docs/responses.test.ts. Answers of injected faults are skipped
 * (they stand for a misbehaving service on purpose) unless `injected` asks for them.
 */
let checker: AnswerChecker | undefined;
const doc = loadResponses();

export function undocumentedAnswers(
	requests: readonly RecordedRequest[],
	options: { injected?: boolean } = {},
): string[] {
	checker ??= answerChecker(doc, { strict: true });
	const problems: string[] = [];
	for (const request of requests) {
		if ((request.injected && !options.injected) || request.status < 200 || request.status >= 300) {
			continue;
		}
		const operationId = operationOf(doc, request.method, request.path);
		if (!operationId) continue;
		for (const problem of checker.check(operationId, request.responseBody)) {
			problems.push(`${request.method} ${request.path} (${operationId}): ${problem}`);
		}
	}
	return problems;
}
