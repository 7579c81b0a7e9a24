/**
 * A reverse proxy in front of n8n, on a port of its own on 127.0.0.1, for the e2e suites that run
 * n8n the way real installations do: n8n's public address (WEBHOOK_URL) is the proxy's, not the
 * address n8n listens on. The service delivers to the proxy, and n8n calls its own public address
 * (Send and Wait's re-reads, the trigger's catch-up, Catch Up After Restart) through it too.
 *
 * Modes:
 *  - `forward`: every request goes to n8n;
 *  - `serviceOnly`: only the service's deliveries (they carry `X-Service-Delivery`) go to n8n;
 *    everything else, n8n's calls of its own address included, is answered 502 as by a proxy that
 *    n8n cannot reach itself through (a public address that does not resolve from inside, an
 *    allow-list of the service's addresses).
 * While n8n is stopped every request is answered 502, as a real proxy does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ProxyMode = 'forward' | 'serviceOnly';

export interface ProxiedRequest {
	method: string;
	path: string;
	/** Answered by n8n (true) or by the proxy itself (false, 502). */
	forwarded: boolean;
	status: number;
	/** When it came (ms since the epoch). */
	at: number;
	/** How long until the answer was complete (ms; undefined while it is not). */
	ms?: number;
}

export interface Proxy {
	/** http://127.0.0.1:<port> (no trailing slash). */
	url: string;
	mode: ProxyMode;
	/** Where n8n listens (set once its port is known). */
	target: string;
	requests: ProxiedRequest[];
	close(): Promise<void>;
}

const DELIVERY_HEADER = 'x-service-delivery';

export async function startProxy(mode: ProxyMode = 'forward'): Promise<Proxy> {
	const proxy: Proxy = {
		url: '',
		mode,
		target: '',
		requests: [],
		close: async () => undefined,
	};
	const server = http.createServer((req, res) => {
		const path = req.url ?? '/';
		const record: ProxiedRequest = {
			method: req.method ?? 'GET',
			path,
			forwarded: false,
			status: 0,
			at: Date.now(),
		};
		proxy.requests.push(record);
		res.on('finish', () => (record.ms = Date.now() - record.at));
		const refuse = () => {
			record.status = 502;
			if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' });
			res.end('Bad Gateway');
		};
		if (!proxy.target || (proxy.mode === 'serviceOnly' && !req.headers[DELIVERY_HEADER])) {
			req.resume();
			req.on('end', refuse);
			return;
		}
		const target = new URL(path, proxy.target);
		const upstream = http.request(
			target,
			{
				method: req.method,
				headers: {
					...req.headers,
					host: target.host,
					'x-forwarded-for': '127.0.0.1',
					'x-forwarded-host': req.headers.host ?? '',
					'x-forwarded-proto': 'http',
				},
			},
			(answer) => {
				record.forwarded = true;
				record.status = answer.statusCode ?? 0;
				res.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(res);
			},
		);
		upstream.on('error', refuse);
		req.pipe(upstream);
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
	proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	proxy.close = async () => {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	};
	return proxy;
}
