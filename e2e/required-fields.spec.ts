import { z } from 'zod'
import { ChangePasswordSchema, DeleteAccountSchema, SignInSchema, SignUpSchema } from '#app/modules/auth/schemas.ts'
import { ClientFormSchema, ClientStageSchema } from '#app/modules/clients/schemas.ts'
import { CommentBodySchema } from '#app/modules/comments/schemas.ts'
import { DealCreateSchema, DealStageSchema, DealUpdateSchema } from '#app/modules/deals/schemas.ts'
import { ListingNoteSchema } from '#app/modules/listings/schemas.ts'
import { ProfileSchema } from '#app/modules/profile/schemas.ts'
import { PasswordOrCodeSchema } from '#app/modules/two-factor/schemas.ts'
import { PrivateNotesSchema, propertyFormSchema, StatusChangeSchema } from '#app/modules/properties/schemas.ts'
import { expect, expectToast, signUpAndSignIn, test } from './support/fixtures.ts'
import { CLIENT_URL, conformFormReady, fillClientForm, formWithButton, insertClient, insertDeal, insertListingItem, pageReady } from './support/clients.ts'
import { expectRequiredToMatchSchema, formBySubmitButton } from './support/forms.ts'
import { countProperties, fillPropertyForm, insertProperties, propertyForm, PROPERTY_URL } from './support/properties.ts'

const CommentFormSchema = z.object({ body: CommentBodySchema })
const MoveDealSchema = z.object({ stage: DealStageSchema })

test.describe('required fields', () => {
  test("every form's required attributes match its schema", async ({ page, db, javaScriptEnabled }) => {
    test.setTimeout(120_000)
    // Signed out: the two auth forms.
    await page.goto('/auth')
    await conformFormReady(formWithButton(page, 'Sign in'), javaScriptEnabled)
    await expectRequiredToMatchSchema(formWithButton(page, 'Sign in'), SignInSchema, 'sign-in')
    await page.goto('/auth?mode=signup')
    await conformFormReady(formWithButton(page, 'Create account'), javaScriptEnabled)
    await expectRequiredToMatchSchema(formWithButton(page, 'Create account'), SignUpSchema, 'sign-up')

    const broker = await signUpAndSignIn(page)
    const [propertyId] = await insertProperties(db, broker.email, [{ title: 'Form Check Flat', city: 'Lisbon' }])
    const clientId = await insertClient(db, broker.email, { fullName: 'Form Check Client' })
    const dealId = await insertDeal(db, broker.email, clientId, { title: 'Form Check Deal' })
    await insertListingItem(db, broker.email, clientId, propertyId!)

    // Each page, each of its forms (found by its submit button), each form's schema.
    const pages: [path: string, forms: [button: string, schema: z.ZodType][]][] = [
      ['/property/new/residential', [['Create property', propertyFormSchema('residential')]]],
      ['/property/new/commercial', [['Create property', propertyFormSchema('commercial')]]],
      ['/property/new/land', [['Create property', propertyFormSchema('land')]]],
      [`/property/${propertyId}/edit`, [['Save property', propertyFormSchema('residential')]]],
      [
        `/property/${propertyId}`,
        [
          ['Set status', StatusChangeSchema],
          ['Save notes', PrivateNotesSchema],
          ['Add note', CommentFormSchema],
        ],
      ],
      ['/client/new', [['Add client', ClientFormSchema]]],
      [`/client/edit/${clientId}`, [['Save client', ClientFormSchema]]],
      [
        `/client/${clientId}`,
        [
          ['Set stage', ClientStageSchema],
          ['Create deal', DealCreateSchema],
          ['Add note', CommentFormSchema],
        ],
      ],
      [`/client/${clientId}/edit-listing`, [['Save note', ListingNoteSchema]]],
      [
        '/deals',
        [
          ['Create deal', DealCreateSchema],
          ['Move', MoveDealSchema],
        ],
      ],
      [
        `/deal/${dealId}`,
        [
          ['Save deal', DealUpdateSchema],
          ['Move', MoveDealSchema],
          ['Add note', CommentFormSchema],
        ],
      ],
      ['/profile/account', [['Save profile', ProfileSchema]]],
      [
        '/profile/security',
        [
          ['Change password', ChangePasswordSchema],
          ['Sign out everywhere', PasswordOrCodeSchema],
        ],
      ],
      ['/profile/data', [['Delete my account', DeleteAccountSchema]]],
    ]
    for (const [path, forms] of pages) {
      await page.goto(path)
      // With JavaScript the check runs on the hydrated forms, which Conform renders again.
      await pageReady(page, javaScriptEnabled)
      for (const [button, schema] of forms) {
        await expectRequiredToMatchSchema(formBySubmitButton(page, button), schema, `${path}, form "${button}"`)
      }
    }
  })

  test('a property and a client are created with only the required fields filled', async ({ page, db, javaScriptEnabled }) => {
    const broker = await signUpAndSignIn(page)

    await page.goto('/property/new/residential')
    const form = propertyForm(page, 'Create property')
    await conformFormReady(form, javaScriptEnabled)
    await fillPropertyForm(page, { Title: 'Only The Essentials', Type: 'Apartment', Purpose: 'For sale' })
    await form.getByRole('button', { name: 'Create property' }).click()
    await expect(page).toHaveURL(PROPERTY_URL)
    await expectToast(page, 'Property created.')
    await expect(page.getByRole('heading', { level: 1, name: 'Only The Essentials' })).toBeVisible()
    expect(await countProperties(db, broker.email)).toBe(1)

    await page.goto('/client/new')
    const clientForm = formWithButton(page, 'Add client')
    await conformFormReady(clientForm, javaScriptEnabled)
    await fillClientForm(clientForm, { 'Full name': 'Nuno Essential' })
    await clientForm.getByRole('button', { name: 'Add client' }).click()
    await expect(page).toHaveURL(CLIENT_URL)
    await expectToast(page, 'Client added.')
    await expect(page.getByRole('heading', { level: 1, name: 'Nuno Essential' })).toBeVisible()
  })
})
