// Placeholder: being built.
export function StatusPage() {
  return <main id="main" />;
}
