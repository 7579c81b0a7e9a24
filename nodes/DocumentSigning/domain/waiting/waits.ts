import type { IDataObject } from 'n8n-workflow';

/**
 * The waits this n8n process knows (Send and Wait for Completion executions waiting for their
 * signing request), and their copy in a router's static data. DESIGN.md (this folder) says how the
 * pieces fit.
 */

/** One waiting execution. */
export interface Wait {
	/** `<execution id>/<node id>`: the last two parts of the resume URL's path (`waitKeyOf`). */
	key: string;
	/** The signing request it waits for. */
	request: string;
	/** The execution's resume URL (its token, the request and the interval in the query). */
	url: string;
	/** When its time limit ends (ms): n8n resumes it then, without the node. */
	until: number;
	/** How often its request is re-read at most (ms). */
	interval: number;
	/** The request's workspace: the list that shows its end is that workspace's. */
	workspace: string;
	/**
	 * The scope of the webhook whose deliveries its router gets (scope.ts): `company`, or the
	 * workspace's id.
	 */
	scope: string;
	/** The credential (its id) of the node that waits: reads use it. */
	credential: string;
	/** No later than the request was sent (ms): how far back a list read looks for its end. */
	since: number;
	/** The waiting execution's workflow (for n8n's log). */
	workflow: string;
	/**
	 * The router whose webhook the service delivers its events to (`<workflow id>/<node id>`, see
	 * router.ts); undefined for a wait no router knows (a run of a workflow that is not published).
	 */
	router?: string;
	/**
	 * When it ended or was found gone (ms): kept a while, so that a copy of the wait that another
	 * process or an older save still holds does not bring it back.
	 */
	ended?: number;
}

/** How long an ended wait is remembered as such. */
export const ENDED_KEPT_MS = 60 * 60_000;
/** A wait is forgotten this long after its time limit (n8n resumes timed-out waits within a minute). */
export const AFTER_LIMIT_MS = 10 * 60_000;

/**
 * The wait a resume URL (or the path of a call to it) stands for: the last two parts of its path,
 * the execution's id and the node's id.
 */
export function waitKeyOf(urlOrPath: string): string {
	const path = urlOrPath.replace(/^[a-z]+:\/\/[^/]*/i, '').split(/[?#]/)[0];
	return path.split('/').filter(Boolean).slice(-2).join('/');
}

/** Whether a wait is still to be ended at `now`. */
export function isLive(wait: Wait, now: number): boolean {
	return wait.ended === undefined && wait.until > now;
}

/** Whether a wait (ended or not) is still worth remembering at `now`. */
function isKept(wait: Wait, now: number): boolean {
	if (wait.ended !== undefined) return now - wait.ended < ENDED_KEPT_MS;
	return wait.until + AFTER_LIMIT_MS > now;
}

/**
 * Two copies of one wait as one: an end wins (the earliest), so a wait ended anywhere stays
 * ended; otherwise the newer registration (a later time limit).
 */
export function mergeWait(a: Wait, b: Wait): Wait {
	if (a.ended !== undefined || b.ended !== undefined) {
		const ended = Math.min(a.ended ?? Infinity, b.ended ?? Infinity);
		return { ...(a.ended !== undefined ? a : b), ended };
	}
	return b.until > a.until ? b : a;
}

/** The compact form a router's static data keeps (short keys: the data is loaded on every call). */
interface Stored extends IDataObject {
	r: string;
	u: string;
	t: number;
	i: number;
	w: string;
	s: string;
	c: string;
	a: number;
	n: string;
	e?: number;
}

export function toStored(wait: Wait): IDataObject {
	const stored: Stored = {
		r: wait.request,
		u: wait.url,
		t: wait.until,
		i: wait.interval,
		w: wait.workspace,
		s: wait.scope,
		c: wait.credential,
		a: wait.since,
		n: wait.workflow,
	};
	if (wait.ended !== undefined) stored.e = wait.ended;
	return stored;
}

/** A stored wait read back; undefined when it is not one (an older version's data, a hand edit). */
export function fromStored(key: string, value: unknown, router: string): Wait | undefined {
	if (typeof value !== 'object' || value === null) return undefined;
	const s = value as Partial<Stored>;
	if (typeof s.r !== 'string' || typeof s.u !== 'string' || typeof s.t !== 'number') return;
	return {
		key,
		request: s.r,
		url: s.u,
		until: s.t,
		interval: typeof s.i === 'number' ? s.i : 5 * 60_000,
		workspace: typeof s.w === 'string' ? s.w : '',
		scope: typeof s.s === 'string' ? s.s : 'company',
		credential: typeof s.c === 'string' ? s.c : '',
		since: typeof s.a === 'number' ? s.a : s.t,
		workflow: typeof s.n === 'string' ? s.n : '',
		router,
		...(typeof s.e === 'number' ? { ended: s.e } : {}),
	};
}

/**
 * The waits of this process, by key and by signing request. Routed waits also live in their
 * router's static data (router.ts merges the two both ways).
 */
export class WaitRegistry {
	private readonly byKey = new Map<string, Wait>();
	private readonly byRequest = new Map<string, Set<string>>();

	constructor(private readonly now: () => number = () => Date.now()) {}

	get size(): number {
		return this.byKey.size;
	}

	get(key: string): Wait | undefined {
		return this.byKey.get(key);
	}

	/**
	 * Adds a wait, or merges it into the copy already known. Returns the wait as now known, or
	 * undefined when it is not worth keeping (long over).
	 */
	add(wait: Wait): Wait | undefined {
		const known = this.byKey.get(wait.key);
		const merged = { ...(known ? mergeWait(known, wait) : wait) };
		// A router that knows it keeps it (a copy from a run's own memory names none).
		if (!merged.router && (known?.router ?? wait.router))
			merged.router = known?.router ?? wait.router;
		if (!isKept(merged, this.now())) {
			this.delete(wait.key);
			return undefined;
		}
		this.byKey.set(wait.key, merged);
		let keys = this.byRequest.get(merged.request);
		if (!keys) this.byRequest.set(merged.request, (keys = new Set()));
		keys.add(wait.key);
		return merged;
	}

	/** Marks a wait ended (it was resumed, or is gone). */
	end(key: string): void {
		const wait = this.byKey.get(key);
		if (wait && wait.ended === undefined) this.byKey.set(key, { ...wait, ended: this.now() });
	}

	delete(key: string): void {
		const wait = this.byKey.get(key);
		if (!wait) return;
		this.byKey.delete(key);
		const keys = this.byRequest.get(wait.request);
		keys?.delete(key);
		if (keys?.size === 0) this.byRequest.delete(wait.request);
	}

	/** The live waits for a signing request (several executions may wait for one request). */
	forRequest(request: string): Wait[] {
		const now = this.now();
		return [...(this.byRequest.get(request) ?? [])]
			.map((key) => this.byKey.get(key))
			.filter((wait): wait is Wait => wait !== undefined && isLive(wait, now));
	}

	/** Every wait kept (ended ones too), optionally only those `where` selects. */
	all(where: (wait: Wait) => boolean = () => true): Wait[] {
		return [...this.byKey.values()].filter(where);
	}

	/** The live waits. */
	live(): Wait[] {
		const now = this.now();
		return this.all((wait) => isLive(wait, now));
	}

	/** Forgets what is long over. */
	prune(): void {
		const now = this.now();
		for (const wait of [...this.byKey.values()]) if (!isKept(wait, now)) this.delete(wait.key);
	}

	/** Forgets everything (tests; an n8n restart does the same). */
	clear(): void {
		this.byKey.clear();
		this.byRequest.clear();
	}
}
