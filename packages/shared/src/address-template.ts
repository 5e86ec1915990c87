// Address templates of the site's configuration (site-config.ts): {uuid} and {size} for avatars,
// {icon} for item and enchant icons. Without zod, for the pages that draw them.

/** `template` with each {key} of `values` filled in, URL-encoded; an unknown {key} stays as it is. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? encodeURIComponent(String(values[key])) : whole,
  );
}
