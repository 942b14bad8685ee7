import { generatedResourcesProjection } from './generated-resources.ts';
import { organizationFeedProjection } from './organization-feed.ts';
import { organizationsProjection } from './organizations.ts';
import type { Projection } from './projection.ts';
import { sourcesProjection } from './sources.ts';
import { webhooksProjection } from './webhooks.ts';
import { workQueueProjection } from './work-queue.ts';

export const allProjections: Projection[] = [
  organizationsProjection,
  sourcesProjection,
  generatedResourcesProjection,
  workQueueProjection,
  organizationFeedProjection,
  webhooksProjection,
];
