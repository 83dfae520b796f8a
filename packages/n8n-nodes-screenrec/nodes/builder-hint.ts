import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';

/*
 * n8n's AI workflow builder (n8n 2.41 and later) reads a node's builder hint to choose it when a person describes a
 * workflow in words, and a field's to fill it; older n8n ignores both. These mirror n8n-workflow 2.41's IBuilderHint,
 * IRelatedNode and IParameterBuilderHint (the parts used here): the package compiles against the n8n-workflow of the
 * oldest n8n it supports, which has none of them, and where n8n-workflow has them the two declarations agree.
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
