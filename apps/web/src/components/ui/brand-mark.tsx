import { useId } from 'react';

/** The site's emblem: a shield whose middle bar is broken (the same drawing as public/favicon.svg). */
export function BrandMark({ className }: { className?: string }) {
  const gradient = useId();
  const fill = `url(#${gradient})`;
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#d97706" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="#0b0f1a" />
      <path d="M32 7 53 15v16c0 13-9 22-21 27C20 53 11 44 11 31V15Z" fill={fill} />
      <path d="M32 13 48 19v12c0 10-7 17-16 21-9-4-16-11-16-21V19Z" fill="#0b0f1a" />
      <g fill={fill}>
        <rect x="21" y="21" width="4" height="22" rx="2" />
        <rect x="39" y="21" width="4" height="22" rx="2" />
        <path d="M30 18h4v10l-4 3Z" />
        <path d="M34 34v12l-4-2v-7Z" />
      </g>
    </svg>
  );
}
