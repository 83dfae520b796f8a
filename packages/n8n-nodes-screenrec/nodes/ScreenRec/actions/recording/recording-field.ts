import type { INodeProperties } from 'n8n-workflow';
import { recordingLocator } from '../../../../lib';
import { withPropertyHint, type HintedProperty } from '../../../builder-hint';

/** The Recording field of the operations on one recording, with how n8n's AI workflow builder fills it. */
export const recordingField = (overrides: Partial<INodeProperties>): HintedProperty =>
	withPropertyHint(
		recordingLocator(overrides),
		"The recording's ID (a UUID), in the By ID mode: take it from the step that made or found the recording, the recordingId of the ScreenRec Trigger or Create Recording Link, or the id of Request Recording by Email, Get Many or the New Recording Trigger. Do not make one up.",
	);
