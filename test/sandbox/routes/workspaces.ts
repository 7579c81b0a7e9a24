/**
 * Workspaces (api-reference §3.2, W1–W5).
 *
 * - GET    /workspaces       list, filtered/sorted/paginated; non-protected keys see only their own
 * - POST   /workspaces       create (protected key only), always non-protected, 201
 * - GET    /workspaces/:id   get
 * - PUT    /workspaces/:id   full replacement: name required
 * - PATCH  /workspaces/:id   name; `protected` or no updatable field → 400
 * - POST   /workspaces/:id/logo   multipart `file`, PNG/JPEG ≤2 MB → {success, icon_url}
 * - DELETE /workspaces/:id/logo   → {success}; certificates fall back to the company logo
 * Create emits workspace.created, PUT/PATCH workspace.updated. There is no DELETE (v01.38.00).
 */
import { acceptLogo } from '../company/logo';
import { requireProtectedKey, requireWorkspace } from '../access';
import { createdWithin, paginate, parseListQuery, sortBy } from '../pagination';
import type { RequestContext, Router } from '../router';
import type { WorkspaceRecord } from '../state';
import { Validator, bodyString, objectBody, queryBool } from '../validation';

const SORT_FIELDS = ['name', 'protected', 'created_on'] as const;
const NAME_MAX = 255;

export function registerWorkspaceRoutes(router: Router): void {
	router.get('/workspaces', listWorkspaces);
	router.post('/workspaces', createWorkspace);
	router.get('/workspaces/:id', (ctx) => ({
		body: ctx.state.workspaceJson(requireWorkspace(ctx, ctx.params.id)),
	}));
	router.put('/workspaces/:id', (ctx) => updateWorkspace(ctx, 'PUT'));
	router.patch('/workspaces/:id', (ctx) => updateWorkspace(ctx, 'PATCH'));
	router.post('/workspaces/:id/logo', (ctx) => {
		const ws = requireWorkspace(ctx, ctx.params.id);
		ws.icon_url = acceptLogo(ctx, `workspaces/${ws.id}`);
		ctx.state.touchWorkspace(ws);
		return { body: { success: true, icon_url: ws.icon_url } };
	});
	router.delete('/workspaces/:id/logo', (ctx) => {
		const ws = requireWorkspace(ctx, ctx.params.id);
		ws.icon_url = null;
		ctx.state.touchWorkspace(ws);
		return { body: { success: true } };
	});
}

function listWorkspaces(ctx: RequestContext) {
	const v = new Validator();
	const list = parseListQuery(v, ctx.query, SORT_FIELDS);
	const name = ctx.query.name;
	const isProtected = queryBool(v, ctx.query, 'protected');
	v.throwIfInvalid();

	let items = ctx.state.visibleWorkspaces(ctx.auth);
	if (name !== undefined && name !== '') {
		const needle = name.toLowerCase();
		items = items.filter((w) => w.name.toLowerCase().includes(needle));
	}
	if (isProtected !== undefined) items = items.filter((w) => w.protected === isProtected);
	// Both date bounds are exclusive.
	items = createdWithin(items, (w) => Date.parse(w.created_date), list);

	const key: (w: WorkspaceRecord) => string | number | boolean =
		list.sortField === 'name'
			? (w) => w.name
			: list.sortField === 'protected'
				? (w) => w.protected
				: (w) => Date.parse(w.created_date);
	items = sortBy(items, key, list.sortOrder, (w) => w.created_date);

	const page = paginate(items, list.page);
	return {
		body: {
			results: page.results.map((w) => ctx.state.workspaceJson(w)),
			pagination: page.pagination,
		},
	};
}

function createWorkspace(ctx: RequestContext) {
	requireProtectedKey(ctx, 'Only the protected workspace API key can create workspaces');
	const body = objectBody(ctx.body);
	const v = new Validator();
	const name = bodyString(v, body, 'name', { required: true, max: NAME_MAX });
	v.throwIfInvalid();
	const ws = ctx.state.createWorkspace(name as string);
	ctx.state.events.emit('workspace.created', ws.id, { workspace: { id: ws.id, name: ws.name } });
	return { status: 201, body: ctx.state.workspaceJson(ws) };
}

function updateWorkspace(ctx: RequestContext, method: 'PUT' | 'PATCH') {
	const ws = requireWorkspace(ctx, ctx.params.id);
	const body = objectBody(ctx.body);
	const v = new Validator();
	if ('protected' in body) v.fail('protected', 'protected is read-only and cannot be changed');
	const name = bodyString(v, body, 'name', { required: method === 'PUT', max: NAME_MAX });
	if (method === 'PATCH' && v.ok && name === undefined) {
		v.fail('name', 'Provide at least one field to update (name)');
	}
	if (name === '' && method === 'PATCH') v.fail('name', 'name must not be empty');
	v.throwIfInvalid();
	ws.name = name as string;
	ctx.state.touchWorkspace(ws);
	ctx.state.events.emit('workspace.updated', ws.id, { workspace: { id: ws.id, name: ws.name } });
	return { body: ctx.state.workspaceJson(ws) };
}
