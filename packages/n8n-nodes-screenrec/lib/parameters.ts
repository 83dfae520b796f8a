import type { IDataObject } from 'n8n-workflow';

/** Comma-separated text (what a user types) or an array (what an expression or an AI agent gives) as a list. */
export function listOf(value: unknown): string[] | undefined {
	const parts = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : [];
	const items = parts.map((part) => part.trim()).filter((part) => part !== '');
	return items.length === 0 ? undefined : items;
}

/** Text that counts only when not blank. */
export function textOf(value: unknown): string | undefined {
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	return text === '' ? undefined : text;
}

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * n8n's date picker gives a date-time without a time zone ("2026-11-21T09:30:00"); ScreenRec wants an
 * ISO 8601 date or an instant, so such a value is read as UTC. Dates and full instants pass unchanged.
 */
export function isoDateOf(value: unknown): string | undefined {
	const text = textOf(value);
	if (text === undefined || !LOCAL_DATE_TIME.test(text)) return text;
	return text.length === 16 ? `${text}:00Z` : `${text}Z`;
}

/** Core's objects are parsed JSON; this drops undefined fields and gives n8n its own JSON type. */
export function toJsonObject(value: object): IDataObject {
	return JSON.parse(JSON.stringify(value)) as IDataObject;
}
