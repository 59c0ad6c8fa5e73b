/** A bulk action acts on at most this many rows: a list page's largest page (MAX_PAGE_SIZE). */
export const MAX_BULK_SELECTION = 100
