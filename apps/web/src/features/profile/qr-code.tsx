// The QR code of the two-factor enrolment, in a chunk of its own: only a player who enrols loads the
// encoder (security-card.tsx loads this file lazily).
import { renderSVG } from 'uqr';

/** Dark on white in either theme: authenticator apps read that best. */
export default function QrCode({ value, label }: { value: string; label: string }) {
  const svg = renderSVG(value, { border: 2, ecc: 'M' });
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return (
    <img
      src={src}
      alt={label}
      width={176}
      height={176}
      className="size-44 rounded-xl bg-white ring-1 ring-line"
    />
  );
}
