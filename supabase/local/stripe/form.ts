/**
 * Stripe's request bodies: `application/x-www-form-urlencoded` with bracketed
 * keys (`metadata[invoice_id]=…`, `line_items[0][price_data][currency]=eur`,
 * `expand[]=payment_intent`), as the official library writes them. Parsed into
 * plain objects and arrays, every leaf a string, as Stripe's API reads them.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function keyPath(key: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return [key];
  const rest = [...m[2].matchAll(/\[([^[\]]*)\]/g)].map((p) => p[1]);
  return [m[1], ...rest];
}

function setPath(target: FormObject, path: string[], value: string): void {
  let node: FormObject | FormValue[] = target;
  for (let i = 0; i < path.length; i++) {
    const part = path[i];
    const last = i === path.length - 1;
    const nextIsIndex = !last && (path[i + 1] === '' || /^\d+$/.test(path[i + 1]));
    if (Array.isArray(node)) {
      const index = part === '' ? node.length : Number(part);
      if (last) node[index] = value;
      else node = (node[index] ??= nextIsIndex ? [] : {}) as FormObject | FormValue[];
    } else if (last) {
      node[part] = value;
    } else {
      node = (node[part] ??= nextIsIndex ? [] : {}) as FormObject | FormValue[];
    }
  }
}

export function parseForm(body: string): FormObject {
  const out: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) setPath(out, keyPath(key), value);
  return out;
}

/** The same parameters in a canonical order: what an idempotency key is compared by. */
export function canonicalForm(body: string): string {
  return [...new URLSearchParams(body)].map(([k, v]) => `${k}=${v}`).sort().join('&');
}
