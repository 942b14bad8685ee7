import { type GenerationCommand, generationDecider, type GenerationState, generationStreamName } from '../domain/generation.ts';
import { type GenerationKind, generationKinds } from '../domain/learning-content.ts';
import { organizationDecider, organizationStreamName } from '../domain/organization.ts';
import { sourceDecider, sourceStreamName } from '../domain/source.ts';
import { deliveryDecider, deliveryStreamName, webhookDecider, webhookStreamName } from '../domain/webhook.ts';
import { type StreamCommands, streamCommands } from './handle-command.ts';

// One command handler bound per stream type: its decider and the stream names beside it.

export const organizationCommands = streamCommands(organizationDecider, organizationStreamName);

export const sourceCommands = streamCommands(sourceDecider, sourceStreamName);

export const generationCommands = Object.fromEntries(
  generationKinds.map((kind) => [kind, streamCommands(generationDecider(kind), (id) => generationStreamName(kind, id))]),
) as Record<GenerationKind, StreamCommands<GenerationState, GenerationCommand>>;

export const webhookCommands = streamCommands(webhookDecider, webhookStreamName);

export const deliveryCommands = streamCommands(deliveryDecider, deliveryStreamName);
