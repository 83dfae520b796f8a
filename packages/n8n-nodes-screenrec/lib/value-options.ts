import { DIRECTION_LABELS, STATUS_LABELS } from 'screenrec/portable';
import type { INodePropertyOptions } from 'n8n-workflow';

const VALUE_LABELS: Readonly<Record<string, string>> = { ...STATUS_LABELS, ...DIRECTION_LABELS };

/** ScreenRec's values (statuses, directions) as dropdown options, in core's words (the same on Zapier and MCP). */
export const valueOptions = (values: readonly string[]): INodePropertyOptions[] =>
	values.map((value) => ({ name: VALUE_LABELS[value] ?? value, value }));
