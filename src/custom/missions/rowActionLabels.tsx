/** How each row action reads (tooltip and accessible name) and looks. */
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
import Timeline from '@mui/icons-material/Timeline';
import Visibility from '@mui/icons-material/Visibility';
import type SvgIcon from '@mui/material/SvgIcon';
import type { RowAction } from '../../domain/missions';

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
  timeline: 'Linha do tempo',
};

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
  timeline: Timeline,
};

/** Actions that change the mission and ask first (spec 2: confirmation for cancel/finish/reopen/ask-finish). */
export const CONFIRMED_ACTIONS = ['cancel', 'finish', 'askFinish', 'cancelFinish', 'reopen'] as const satisfies readonly RowAction[];
export type ConfirmedAction = (typeof CONFIRMED_ACTIONS)[number];
export const isConfirmedAction = (action: RowAction): action is ConfirmedAction =>
  (CONFIRMED_ACTIONS as readonly RowAction[]).includes(action);
