import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

/*
 * n8n's AI workflow builder (n8n 2.41 and later) reads these to choose a node and fill its fields; older n8n ignores
 * them. They mirror the parts used here of n8n-workflow 2.41's IBuilderHint and IParameterBuilderHint: the package
 * compiles against the n8n-workflow of the oldest n8n it supports, which has neither.
 */

/** A node that usually comes before or after this one, by its type (`n8n-nodes-base.slack`), and why. */
export interface RelatedNode {
	nodeType: string;
	relationHint: string;
}

export interface NodeBuilderHint {
	/** What the node is for, in the words of someone describing a workflow. */
	searchHint: string;
	relatedNodes: RelatedNode[];
}

/** How a builder fills one field. */
export interface ParameterBuilderHint {
	propertyHint: string;
}

export type HintedNodeTypeDescription = INodeTypeDescription & { builderHint: NodeBuilderHint };

export type HintedProperty = INodeProperties & { builderHint: ParameterBuilderHint };

/** A field as given, with how a builder fills it. */
export function withPropertyHint(property: INodeProperties, propertyHint: string): HintedProperty {
	return { ...property, builderHint: { propertyHint } };
}

/** A community node's type is `<package name>.<node name>`. */
export const screenRecNodeType = (nodeName: string) => `n8n-nodes-screenrec.${nodeName}`;
