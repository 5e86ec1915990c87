// How a gang's status reads (spec 4 Gang status colours), on the site and on its link preview
// cards; each side paints the tone its own way. No zod here: the web app's bundles carry it.

export type GangStatusTone = 'green' | 'amber' | 'red' | 'neutral';

/** Spec 4: Open green, InviteOnly amber, Closed red, others neutral. */
export function gangStatusTone(status: string | null | undefined): GangStatusTone {
  if (status === 'Open') return 'green';
  if (status === 'InviteOnly') return 'amber';
  if (status === 'Closed') return 'red';
  return 'neutral';
}

export function gangStatusLabel(status: string): string {
  return status === 'InviteOnly' ? 'Invite only' : status;
}
