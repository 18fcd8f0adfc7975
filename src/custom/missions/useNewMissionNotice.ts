/**
 * A provider's notice of new open missions (docs/rules/missions.md): one new mission is announced as
 * 'Missão #{id}' and selected; several as 'Novas missões disponíveis...' and the selection is
 * cleared. Such rows show the client-side status 'new' ('Novo') until the provider selects them.
 */
import { useEffect, useState } from 'react';
import type { MissionRow } from '../../domain/missions';
import { announceMissionNotice } from '../live/missionNotification';
import { missionReference } from './rowActionLabels';

export const NOTICE_TITLE = 'Missão recebida';
export const SEVERAL_NEW_MISSIONS = 'Novas missões disponíveis...';
/** The body of a notice about one mission (docs/rules/missions.md: 'Missão #{id}'), named as its row names it. */
export const oneMission = (row: Pick<MissionRow, '_id' | 'processNumber'>) => `Missão #${missionReference(row)}`;

export function useNewMissionNotice(fresh: MissionRow[], isProvider: boolean) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [unseen, setUnseen] = useState<ReadonlySet<string>>(new Set());
  const [handled, setHandled] = useState<MissionRow[]>(fresh);
  const [notice, setNotice] = useState<{ body: string } | null>(null);

  // Handled while rendering, once per poll answer (its `fresh` array).
  if (handled !== fresh) {
    setHandled(fresh);
    const open = isProvider ? fresh.filter((r) => r.status === 'open') : [];
    const [first] = open;
    if (first) {
      setUnseen((ids) => new Set([...ids, ...open.map((r) => r._id)]));
      setSelectedId(open.length === 1 ? first._id : null);
      setNotice({ body: open.length === 1 ? oneMission(first) : SEVERAL_NEW_MISSIONS });
    }
  }

  useEffect(() => {
    if (!notice) return;
    // Also outside the page (another tab, a minimised window): docs/rules/missions.md's browser notification.
    announceMissionNotice({ title: NOTICE_TITLE, body: notice.body, tag: 'missao-recebida' });
  }, [notice]);

  const select = (id: string | null) => {
    setSelectedId(id);
    if (id !== null && unseen.has(id)) setUnseen((ids) => new Set([...ids].filter((x) => x !== id)));
  };

  return { selectedId, select, unseen };
}
