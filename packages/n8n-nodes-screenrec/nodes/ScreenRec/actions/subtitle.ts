import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The canvas subtitle under the node: the chosen operation's action words ("Get many recordings"), as the nodes
 * panel lists them, rather than n8n's usual `operation: resource` values ("getAll: recording"). n8n evaluates it as
 * an expression; an operation it does not know shows its value.
 */
export function actionSubtitle(operationProperties: INodeProperties[]): string {
	const words: Record<string, string> = {};
	for (const property of operationProperties) {
		const resource = String(property.displayOptions?.show?.resource?.[0]);
		for (const option of (property.options ?? []) as INodePropertyOptions[])
			words[`${resource}:${String(option.value)}`] = option.action ?? option.name;
	}
	return `={{ (${JSON.stringify(words)})[$parameter["resource"] + ":" + $parameter["operation"]] ?? $parameter["operation"] }}`;
}
