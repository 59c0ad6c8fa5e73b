/**
 * The first `<input>` tag of the page with all these attributes, whatever their order (React
 * orders an input's attributes its own way), and the markup right after it (its label's text).
 */
export function inputTag(html: string, attributes: Record<string, string>) {
  for (const match of html.matchAll(/<input\b[^>]*>/g)) {
    if (Object.entries(attributes).every(([name, value]) => match[0].includes(` ${name}="${value}"`))) {
      const end = match.index + match[0].length
      return { tag: match[0], checked: match[0].includes(' checked=""'), after: html.slice(end, end + 200) }
    }
  }
  return null
}
