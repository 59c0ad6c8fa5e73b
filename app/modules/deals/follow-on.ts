/**
 * What follows from a deal won (issue 25, item 8): the client's stage becomes Won and the
 * property's status Sold (a sale) or Rented (a rental). The move form offers each change it
 * would make, ticked and in sight; nothing changes that the broker did not see (docs/decisions/031).
 * Plain types: the board and the deal page render them in the browser too.
 */
export type DealFollowOn = {
  /** The client, when their stage is not Won yet. */
  client: { name: string } | null
  /** The property, when it is not sold or rented yet, with the status it would get. */
  property: { title: string; status: 'sold' | 'rented' } | null
}

/** The form's checkbox names: ticked, the change is made with the move to Closed – won. */
export const FOLLOW_ON_FIELDS = { client: 'clientWon', property: 'propertyClosed' } as const

/** The stage the follow-on changes come with. */
export const FOLLOW_ON_STAGE = 'closed_won'
