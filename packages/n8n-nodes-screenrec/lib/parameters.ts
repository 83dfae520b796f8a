import { inTimeZone } from 'screenrec/portable';
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

/** Core's objects are parsed JSON; this drops undefined fields and gives n8n its own JSON type. */
export function toJsonObject(value: object): IDataObject {
	return JSON.parse(JSON.stringify(value)) as IDataObject;
}

/** Leaves out what the user left empty, so core sends only what was given. */
export function defined<T extends object>(value: T): T {
	return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}

/**
 * A date input as ScreenRec wants it, read as n8n's own nodes read dates: n8n's date picker gives a wall time
 * without a zone ("2026-11-21T09:30:00"), which means that time in the workflow's timezone (Workflow Settings,
 * else the instance's); a plain date is midnight there. Core reads text so on every platform; an expression's
 * DateTime object (or a Date) gives its own instant.
 */
export function isoDateIn(value: unknown, timeZone: string): string | undefined {
	if (typeof value === 'object' && value !== null && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return textOf((value as { toISO: () => string }).toISO());
	}
	const text = textOf(value instanceof Date ? value.toISOString() : value);
	return text === undefined ? undefined : inTimeZone(text, timeZone);
}
