/**
 * Email domains of the sandbox (api-reference §3.9), one store per sandbox instance
 * (`emailDomainsOf(state)`), plus a simulated DNS zone the domain checks read.
 *
 * Setup flow as a state machine:
 *   create            verification_status 0 (pending), verification_token issued
 *   verify-ownership  0 → 1 only when the zone holds TXT `_service-verification.<domain>` =
 *                     `service-verify=<token>`; otherwise 400 "Verification failed"
 *   finalize          1 → 2, issues the SPF/DKIM/DMARC records (all `pending`)
 *   verify-dns        checks every record against the zone: found with the right value →
 *                     `verified`, found with another value → `failed`, absent → `pending`;
 *                     all verified → domain_status 1 (ready to send) + event `domain.verified`,
 *                     otherwise domain_status 0 + event `domain.verification.failed`
 *   set-primary       only when domain_status = 1; the other domains of the workspace lose it
 *
 * Tests publish DNS records in-process (`emailDomainsOf(sandbox.state).dns.publish(...)`,
 * `publishOwnershipRecord(id)`, `publishDnsRecords(id)`) or over HTTP under `/_sandbox/dns`
 * (routes/emailDomains.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';

import type { SandboxState } from '../state';

export type DnsRecordType = 'TXT' | 'CNAME' | 'MX';
export type DnsRecordStatus = 'pending' | 'verified' | 'failed';

export interface DomainDnsRecord {
	/** What the record is for (not an API field; kept out of the JSON). */
	purpose: 'SPF' | 'DKIM' | 'DMARC';
	type: DnsRecordType;
	name: string;
	value: string;
	ttl: number;
	priority?: number;
	status: DnsRecordStatus;
}

export interface DomainRecord {
	id: string;
	workspaceId: string;
	domain: string;
	/** 0 = pending, 1 = ownership verified, 2 = finalized. */
	verification_status: 0 | 1 | 2;
	/** 0 = DNS pending, 1 = ready to send. */
	domain_status: 0 | 1;
	is_primary: boolean;
	verification_token: string;
	resend_domain_id: string | null;
	dns_records: DomainDnsRecord[] | null;
	date_created: string;
	date_changed: string;
}

export interface PublishedDnsRecord {
	type: DnsRecordType;
	name: string;
	value: string;
}

/** The simulated public DNS: what verify-ownership and verify-dns look up. */
export class SimulatedDns {
	readonly records: PublishedDnsRecord[] = [];

	publish(record: PublishedDnsRecord): PublishedDnsRecord {
		const entry = { type: record.type, name: normaliseName(record.name), value: record.value };
		this.unpublish(entry.type, entry.name, entry.value);
		this.records.push(entry);
		return entry;
	}

	/** Removes matching records (any value when `value` is omitted); returns how many. */
	unpublish(type: DnsRecordType, name: string, value?: string): number {
		const before = this.records.length;
		const n = normaliseName(name);
		for (let i = this.records.length - 1; i >= 0; i--) {
			const r = this.records[i];
			if (r.type === type && r.name === n && (value === undefined || r.value === value))
				this.records.splice(i, 1);
		}
		return before - this.records.length;
	}

	lookup(type: DnsRecordType, name: string): PublishedDnsRecord[] {
		const n = normaliseName(name);
		return this.records.filter((r) => r.type === type && r.name === n);
	}
}

function normaliseName(name: string): string {
	return name.trim().toLowerCase().replace(/\.$/, '');
}

export const OWNERSHIP_PREFIX = '_service-verification';

export function ownershipRecordName(domain: string): string {
	return `${OWNERSHIP_PREFIX}.${domain}`;
}

export function ownershipRecordValue(token: string): string {
	return `service-verify=${token}`;
}

/** Valid host name: 2+ labels, each 1–63 of [a-z0-9-] not starting/ending with "-", alphabetic TLD. */
export function isValidDomain(domain: string): boolean {
	if (domain.length > 253) return false;
	const labels = domain.split('.');
	if (labels.length < 2) return false;
	if (!/^[a-z]{2,63}$/.test(labels[labels.length - 1])) return false;
	return labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l));
}

export class EmailDomainStore {
	readonly domains: DomainRecord[] = [];
	readonly dns = new SimulatedDns();

	constructor(private readonly state: SandboxState) {}

	list(workspaceId: string): DomainRecord[] {
		return this.domains.filter((d) => d.workspaceId === workspaceId);
	}

	get(workspaceId: string, id: string): DomainRecord | undefined {
		return this.domains.find((d) => d.workspaceId === workspaceId && d.id === id);
	}

	byId(id: string): DomainRecord | undefined {
		return this.domains.find((d) => d.id === id);
	}

	byName(domain: string): DomainRecord | undefined {
		const n = normaliseName(domain);
		return this.domains.find((d) => d.domain === n);
	}

	create(workspaceId: string, domain: string): DomainRecord {
		const now = this.state.nowIso();
		const record: DomainRecord = {
			id: randomUUID(),
			workspaceId,
			domain,
			verification_status: 0,
			domain_status: 0,
			is_primary: false,
			verification_token: randomBytes(16).toString('hex'),
			resend_domain_id: null,
			dns_records: null,
			date_created: now,
			date_changed: now,
		};
		this.domains.push(record);
		return record;
	}

	remove(record: DomainRecord): void {
		const index = this.domains.indexOf(record);
		if (index >= 0) this.domains.splice(index, 1);
	}

	touch(record: DomainRecord): void {
		record.date_changed = this.state.nowIso();
	}

	/** True when the ownership TXT record is published with the right value. */
	ownershipPublished(record: DomainRecord): boolean {
		const expected = ownershipRecordValue(record.verification_token);
		return this.dns
			.lookup('TXT', ownershipRecordName(record.domain))
			.some((r) => r.value.trim() === expected);
	}

	/** The sending records handed out by finalize. */
	issueDnsRecords(record: DomainRecord): DomainDnsRecord[] {
		const d = record.domain;
		const dkim = `p=MIGfMA0GCSqGSIb3DQEBAQUAA4GN${randomBytes(24)
			.toString('base64')
			.replace(/[^A-Za-z0-9]/g, 'x')}IDAQAB`;
		return [
			{
				purpose: 'SPF',
				type: 'MX',
				name: `send.${d}`,
				value: 'feedback-smtp.mail.service.example',
				ttl: 3600,
				priority: 10,
				status: 'pending',
			},
			{
				purpose: 'SPF',
				type: 'TXT',
				name: `send.${d}`,
				value: 'v=spf1 include:mail.service.example ~all',
				ttl: 3600,
				status: 'pending',
			},
			{
				purpose: 'DKIM',
				type: 'TXT',
				name: `service._domainkey.${d}`,
				value: dkim,
				ttl: 3600,
				status: 'pending',
			},
			{
				purpose: 'DMARC',
				type: 'TXT',
				name: `_dmarc.${d}`,
				value: 'v=DMARC1; p=none;',
				ttl: 3600,
				status: 'pending',
			},
		];
	}

	/** Re-checks every issued record against the zone; returns true when all are verified. */
	checkDnsRecords(record: DomainRecord): boolean {
		for (const r of record.dns_records ?? []) {
			const found = this.dns.lookup(r.type, r.name);
			if (found.some((f) => f.value.trim() === r.value)) r.status = 'verified';
			else if (found.length) r.status = 'failed';
			else r.status = 'pending';
		}
		return (record.dns_records ?? []).every((r) => r.status === 'verified');
	}

	// ---- test controls -----------------------------------------------------------------------

	/** Publishes the ownership TXT record of a domain (by id). */
	publishOwnershipRecord(id: string): PublishedDnsRecord {
		const record = this.require(id);
		return this.dns.publish({
			type: 'TXT',
			name: ownershipRecordName(record.domain),
			value: ownershipRecordValue(record.verification_token),
		});
	}

	/** Publishes the finalized sending records of a domain (all, or those whose purpose is listed). */
	publishDnsRecords(id: string, purposes?: string[]): PublishedDnsRecord[] {
		const record = this.require(id);
		const wanted = purposes?.map((p) => p.toUpperCase());
		return (record.dns_records ?? [])
			.filter((r) => !wanted || wanted.includes(r.purpose))
			.map((r) => this.dns.publish({ type: r.type, name: r.name, value: r.value }));
	}

	private require(id: string): DomainRecord {
		const record = this.byId(id);
		if (!record) throw new Error(`No email domain ${id}`);
		return record;
	}
}

export function domainJson(record: DomainRecord): Record<string, unknown> {
	const out: Record<string, unknown> = {
		id: record.id,
		domain: record.domain,
		verification_status: record.verification_status,
		domain_status: record.domain_status,
		is_primary: record.is_primary,
	};
	if (record.verification_status === 0) out.verification_token = record.verification_token;
	if (record.resend_domain_id) out.resend_domain_id = record.resend_domain_id;
	if (record.dns_records) out.dns_records = record.dns_records.map(dnsRecordJson);
	out.date_created = record.date_created;
	out.date_changed = record.date_changed;
	return out;
}

export function dnsRecordJson(r: DomainDnsRecord): Record<string, unknown> {
	// DomainDnsRecord.ttl is documented as a string.
	const out: Record<string, unknown> = {
		type: r.type,
		name: r.name,
		value: r.value,
		ttl: String(r.ttl),
	};
	if (r.priority !== undefined) out.priority = r.priority;
	out.status = r.status;
	return out;
}

const stores = new WeakMap<SandboxState, EmailDomainStore>();

/** The email-domain store of a sandbox (created on first use). */
export function emailDomainsOf(state: SandboxState): EmailDomainStore {
	let store = stores.get(state);
	if (!store) {
		store = new EmailDomainStore(state);
		stores.set(state, store);
	}
	return store;
}
