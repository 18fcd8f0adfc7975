/** Which modal of the missions screen is open (at most one; polling pauses while one is). */
import type { MissionRow } from '../../domain/missions';
import type { ConfirmedAction } from './rowActionLabels';

export type MissionModal =
  | { kind: 'new' }
  | { kind: 'confirm'; row: MissionRow; action: ConfirmedAction }
  | { kind: 'proposals' | 'proposalForm' | 'map' | 'timeline' | 'report' | 'share'; row: MissionRow };
