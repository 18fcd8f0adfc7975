/** Which modal of the missions screen is open (at most one; polling pauses while one is). */
import type { MissionRow } from '../../domain/missions';
import type { ProposalFormValues } from '../../domain/schemas';
import type { ConfirmedAction } from './rowActionLabels';

export type MissionModal =
  | { kind: 'new' }
  | { kind: 'confirm'; row: MissionRow; action: ConfirmedAction }
  /** `draft`: a refused proposal taken back from the outbox to be edited (useProposalDraft). */
  | { kind: 'proposalForm'; row: MissionRow; draft?: ProposalFormValues }
  | { kind: 'proposals' | 'map' | 'timeline' | 'report' | 'share'; row: MissionRow };
