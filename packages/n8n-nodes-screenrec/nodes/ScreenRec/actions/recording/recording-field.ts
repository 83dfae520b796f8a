import type { INodeProperties } from 'n8n-workflow';
import { recordingLocator } from '../../../../lib';
import { withPropertyHint, type HintedProperty } from '../../../builder-hint';

/** The Recording field of the operations on one recording, with how n8n's AI workflow builder fills it. */
export const recordingField = (overrides: Partial<INodeProperties>): HintedProperty =>
	withPropertyHint(
		recordingLocator(overrides),
		'By ID: the id or recordingId of the step or trigger that made or found the recording; never made up',
	);
