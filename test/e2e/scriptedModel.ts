/**
 * A stand-in for a chat model: an OpenAI-compatible `POST /v1/chat/completions` on 127.0.0.1 that
 * answers from a script instead of a model. n8n's OpenAI Chat Model node talks to it through an
 * OpenAI credential whose Base URL points here (with "Use Responses API" off), so an AI Agent
 * workflow runs for real, tool calls included, without a model or an account.
 *
 * `script(request)` gets each request (messages and the tools offered) and returns the answer: a
 * text, or the tool calls to make. Every request is kept in `requests`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content?: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
}

export interface ChatTool {
	type: 'function';
	function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: ChatTool[];
	stream?: boolean;
}

export type ScriptAnswer =
	| { text: string }
	| { toolCalls: Array<{ name: string; arguments: Record<string, unknown> }> };

export interface ScriptedModel {
	/** The Base URL for the OpenAI credential, e.g. http://127.0.0.1:1234/v1 */
	baseUrl: string;
	requests: ChatRequest[];
	close(): Promise<void>;
}

/** The text of a message (string or content parts). */
export function textOf(message: ChatMessage): string {
	const { content } = message;
	if (typeof content === 'string') return content;
	if (Array.isArray(content)) return content.map((part) => part.text ?? '').join('');
	return '';
}

export async function startScriptedModel(
	script: (request: ChatRequest) => ScriptAnswer,
): Promise<ScriptedModel> {
	const requests: ChatRequest[] = [];
	let calls = 0;

	const answer = (res: ServerResponse, request: ChatRequest) => {
		let reply: ScriptAnswer;
		try {
			reply = script(request);
		} catch (error) {
			res.writeHead(500, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ error: { message: `script: ${(error as Error).message}` } }));
			return;
		}
		const id = `chatcmpl-${requests.length}`;
		const created = Math.floor(Date.now() / 1000);
		const toolCalls =
			'toolCalls' in reply
				? reply.toolCalls.map((call, index) => ({
						index,
						id: `call_${++calls}`,
						type: 'function' as const,
						function: { name: call.name, arguments: JSON.stringify(call.arguments) },
					}))
				: undefined;
		const text = 'text' in reply ? reply.text : null;
		const finish = toolCalls ? 'tool_calls' : 'stop';
		const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
		if (!request.stream) {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(
				JSON.stringify({
					id,
					object: 'chat.completion',
					created,
					model: request.model,
					choices: [
						{
							index: 0,
							message: {
								role: 'assistant',
								content: text,
								...(toolCalls
									? { tool_calls: toolCalls.map(({ index: _index, ...call }) => call) }
									: {}),
							},
							finish_reason: finish,
							logprobs: null,
						},
					],
					usage,
				}),
			);
			return;
		}
		res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
		const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
			res.write(
				`data: ${JSON.stringify({
					id,
					object: 'chat.completion.chunk',
					created,
					model: request.model,
					choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
				})}\n\n`,
			);
		chunk(
			{ role: 'assistant', content: text ?? '', ...(toolCalls ? { tool_calls: toolCalls } : {}) },
			null,
		);
		chunk({}, finish);
		res.write(
			`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [], usage })}\n\n`,
		);
		res.end('data: [DONE]\n\n');
	};

	const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
		let body = '';
		req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
		req.on('end', () => {
			if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
				res.writeHead(404, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify({ error: { message: `not scripted: ${req.method} ${req.url}` } }));
				return;
			}
			const request = JSON.parse(body) as ChatRequest;
			requests.push(request);
			answer(res, request);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	const { port } = server.address() as AddressInfo;
	return {
		baseUrl: `http://127.0.0.1:${port}/v1`,
		requests,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
