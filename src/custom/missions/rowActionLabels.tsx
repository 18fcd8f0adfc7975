/**
 * How each row action reads and looks: its short label (the tooltip) and its accessible name, which
 * says which mission it acts on, so a screen reader moving through the table's buttons hears
 * 'Ver detalhes da missão DEMO-0004', not a column of 'Detalhes' (WCAG 2.4.6, 2.5.3: the
 * name contains the label).
 */
import AssignmentReturn from '@mui/icons-material/AssignmentReturn';
import AssignmentTurnedIn from '@mui/icons-material/AssignmentTurnedIn';
import Cancel from '@mui/icons-material/Cancel';
import Chat from '@mui/icons-material/Chat';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ListAlt from '@mui/icons-material/ListAlt';
import MapIcon from '@mui/icons-material/Map';
import PersonSearch from '@mui/icons-material/PersonSearch';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Replay from '@mui/icons-material/Replay';
import RequestQuote from '@mui/icons-material/RequestQuote';
import SearchOff from '@mui/icons-material/SearchOff';
import Send from '@mui/icons-material/Send';
import Share from '@mui/icons-material/Share';
import Timeline from '@mui/icons-material/Timeline';
import Visibility from '@mui/icons-material/Visibility';
import type SvgIcon from '@mui/material/SvgIcon';
import type { MissionRow, RowAction } from '../../domain/missions';
import { TRACKING_ACTION_LABEL } from '../../domain/tracking';

export const ROW_ACTION_LABELS: Record<RowAction, string> = {
  map: 'Ver no mapa',
  searchProvider: 'Lançar aviso de busca',
  cancelSearch: 'Cancelar busca',
  sendProposal: 'Enviar proposta',
  proposals: 'Propostas',
  cancel: 'Cancelar missão',
  chat: 'Chat',
  details: 'Detalhes',
  finish: 'Finalizar missão',
  askFinish: 'Solicitar finalização',
  cancelFinish: 'Cancelar solicitação de finalização',
  reopen: 'Reabrir missão',
  billingShipper: 'Faturamento do cliente',
  billingProvider: 'Faturamento da prestadora',
  report: 'Relatório',
  share: TRACKING_ACTION_LABEL,
  timeline: 'Linha do tempo',
};

/** The mission as the screens name it: its process number, or its id while it has none. */
export const missionReference = (row: Pick<MissionRow, '_id' | 'processNumber'>) => row.processNumber ?? row._id;

const ROW_ACTION_NAMES: Record<RowAction, (mission: string) => string> = {
  map: (m) => `Ver no mapa a missão ${m}`,
  searchProvider: (m) => `Lançar aviso de busca da missão ${m}`,
  cancelSearch: (m) => `Cancelar busca da missão ${m}`,
  sendProposal: (m) => `Enviar proposta para a missão ${m}`,
  proposals: (m) => `Propostas da missão ${m}`,
  cancel: (m) => `Cancelar missão ${m}`,
  chat: (m) => `Chat da missão ${m}`,
  details: (m) => `Ver detalhes da missão ${m}`,
  finish: (m) => `Finalizar missão ${m}`,
  askFinish: (m) => `Solicitar finalização da missão ${m}`,
  cancelFinish: (m) => `Cancelar solicitação de finalização da missão ${m}`,
  reopen: (m) => `Reabrir missão ${m}`,
  billingShipper: (m) => `Faturamento do cliente da missão ${m}`,
  billingProvider: (m) => `Faturamento da prestadora da missão ${m}`,
  report: (m) => `Relatório da missão ${m}`,
  share: (m) => `${TRACKING_ACTION_LABEL} da missão ${m}`,
  timeline: (m) => `Linha do tempo da missão ${m}`,
};

/** The accessible name of a row's action button. */
export const rowActionName = (action: RowAction, row: Pick<MissionRow, '_id' | 'processNumber'>) => ROW_ACTION_NAMES[action](missionReference(row));

export const ROW_ACTION_ICONS: Record<RowAction, typeof SvgIcon> = {
  map: MapIcon,
  searchProvider: PersonSearch,
  cancelSearch: SearchOff,
  sendProposal: Send,
  proposals: ListAlt,
  cancel: Cancel,
  chat: Chat,
  details: Visibility,
  finish: CheckCircle,
  askFinish: AssignmentTurnedIn,
  cancelFinish: AssignmentReturn,
  reopen: Replay,
  billingShipper: ReceiptLong,
  billingProvider: RequestQuote,
  report: PictureAsPdf,
  share: Share,
  timeline: Timeline,
};

/** Actions that change the mission and ask first (docs/rules/missions.md: confirmation for cancel/finish/reopen/ask-finish). */
export const CONFIRMED_ACTIONS = ['cancel', 'finish', 'askFinish', 'cancelFinish', 'reopen'] as const satisfies readonly RowAction[];
export type ConfirmedAction = (typeof CONFIRMED_ACTIONS)[number];
export const isConfirmedAction = (action: RowAction): action is ConfirmedAction =>
  (CONFIRMED_ACTIONS as readonly RowAction[]).includes(action);
