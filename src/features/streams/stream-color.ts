const SAFE_COLOR = /^#[0-9a-f]{3,8}$/i;

/**
 * A subscription's colour, when it is a plain hex colour: it goes into a `style`, so anything
 * else (a `url(…)`, an expression) is dropped rather than trusted.
 */
export function streamColor(color: string | undefined): string | undefined {
  return color !== undefined && SAFE_COLOR.test(color) ? color : undefined;
}
