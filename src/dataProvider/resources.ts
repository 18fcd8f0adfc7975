/**
 * The endpoint of every react-admin resource, by resource name. Each catalogue declaration
 * (src/resources) adds its entry here; the data provider maps react-admin calls through it.
 */
import type { ResourceEndpoint } from './endpoints';

export const RESOURCE_ENDPOINTS: Record<string, ResourceEndpoint> = {};
