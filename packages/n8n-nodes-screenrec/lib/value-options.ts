import { RECORDING_DIRECTIONS, RECORDING_STATUSES, directionLabel, statusLabel } from '@screenrec/core/portable';
import type { INodePropertyOptions } from 'n8n-workflow';

/** ScreenRec's directions as dropdown options, in core's words (the same on Zapier and MCP). */
export const directionOptions: INodePropertyOptions[] = RECORDING_DIRECTIONS.map((direction) => ({
	name: directionLabel(direction),
	value: direction,
}));

/** ScreenRec's statuses as dropdown options, in core's words. */
export const statusOptions: INodePropertyOptions[] = RECORDING_STATUSES.map((status) => ({
	name: statusLabel(status),
	value: status,
}));
