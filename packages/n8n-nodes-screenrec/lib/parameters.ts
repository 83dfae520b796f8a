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

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/;

/**
 * A date input as ScreenRec wants it (an ISO 8601 instant), read as n8n's own nodes read dates: n8n's date picker
 * gives a wall time without a zone ("2026-11-21T09:30:00"), which means that time in the workflow's timezone
 * (Workflow Settings, else the instance's). Values with a zone or offset, and plain dates, pass unchanged; an
 * expression's DateTime object gives its own instant.
 */
export function isoDateIn(value: unknown, timeZone: string): string | undefined {
	if (typeof value === 'object' && value !== null && typeof (value as { toISO?: unknown }).toISO === 'function') {
		return textOf((value as { toISO: () => string }).toISO());
	}
	const text = textOf(value instanceof Date ? value.toISOString() : value);
	const wall = text === undefined ? null : WALL_TIME.exec(text);
	if (wall === null) return text;
	const [year, month, day, hour, minute, second = '0'] = wall.slice(1).map(Number);
	return instantText(wallTimeToInstant([year!, month!, day!, hour!, minute!, Number(second)], timeZone));
}

/** The instant at which the clocks of `timeZone` show the wall time (the later one when a DST change repeats it). */
function wallTimeToInstant([year, month, day, hour, minute, second]: number[], timeZone: string): number {
	const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
	const firstGuess = asUtc - offsetAt(asUtc, timeZone);
	const offset = offsetAt(firstGuess, timeZone);
	return asUtc - offset;
}

/** How far `timeZone`'s clocks are ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
	const parts = new Intl.DateTimeFormat('en-US', {
		timeZone,
		hourCycle: 'h23',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
		hour: '2-digit',
		minute: '2-digit',
		second: '2-digit',
	}).formatToParts(new Date(instant));
	const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((candidate) => candidate.type === type)?.value);
	const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
	return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

function instantText(instant: number): string {
	return new Date(instant).toISOString().replace('.000Z', 'Z');
}

/** A date-time for labels, in the workflow's timezone: "2026-11-21 09:30". */
export function wallTimeText(isoInstant: string | undefined, timeZone: string): string | undefined {
	if (isoInstant === undefined) return undefined;
	const instant = Date.parse(isoInstant);
	if (Number.isNaN(instant)) return isoInstant;
	const shifted = new Date(instant + offsetAt(instant, timeZone)).toISOString();
	return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)}`;
}
