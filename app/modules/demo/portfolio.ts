/**
 * The demo broker's portfolio: a fixed, hand-written list (no random data), so every fresh
 * `npm start` shows the same realistic book of business. Properties and clients are given as
 * the forms would send them and pass through the forms' own schemas when seeded.
 *
 * Each record has a natural key the seeder looks for before creating it (a property's reference
 * code, a client's e-mail, a deal's title, a note's text), which is what makes the seed safe to
 * run again after a crash half-way.
 */
import type { Category, DealStage, FeedbackReaction, PropertyStatus } from '#db/reference.ts'
import type { DemoMember } from './agency.ts'
import type { DemoScene } from './demo-photos.server.ts'

export type DemoPhoto = { scene: DemoScene; caption: string }

export type DemoProperty = {
  /** The member it is assigned to (the listing agent); the owner unless said. */
  member?: DemoMember
  category: Category
  /** The form's values (numbers as numbers, tags as the comma-separated text typed). */
  form: Record<string, unknown> & { title: string; referenceCode: string }
  /** Created with `status: 'active'` unless it is a draft, then moved here (logged like a broker's change). */
  status: PropertyStatus
  photos: DemoPhoto[]
}

const PT = { country: 'Portugal', currency: 'EUR', areaUnit: 'sqm' }

export const DEMO_PROPERTIES: DemoProperty[] = [
  {
    category: 'residential',
    status: 'active',
    form: {
      ...PT,
      title: 'Renovated two-bedroom apartment in Campo de Ourique',
      type: 'apartment',
      purpose: 'sale',
      price: 485_000,
      referenceCode: 'BV-LIS-0142',
      street: 'Rua Saraiva de Carvalho 118',
      area: 'Campo de Ourique',
      city: 'Lisbon',
      postalCode: '1250-245',
      latitude: 38.7167,
      longitude: -9.1667,
      builtArea: 92,
      bedrooms: 2,
      bathrooms: 1,
      floor: 3,
      yearBuilt: 1948,
      furnished: 'no',
      features: ['balcony', 'elevator', 'central_heating', 'storage'],
      tags: 'renovated, high ceilings, near tram 28',
      visibility: 'public',
      description:
        'A 1940s building on a quiet, tree-lined street, fully renovated in 2023: new wiring and plumbing, double glazing, ' +
        'original pine floors restored. The living room faces south-west and gets the afternoon sun; both bedrooms look onto ' +
        'the inner courtyard. Five minutes on foot from the Campo de Ourique market and the 28 tram.',
      privateNotes: 'Owner (Mrs. Pereira) prefers viewings after 17:00. Keys at the office.',
    },
    photos: [
      { scene: 'facade', caption: 'The building from Rua Saraiva de Carvalho' },
      { scene: 'living', caption: 'Living room, south-west light' },
      { scene: 'bedroom', caption: 'Main bedroom over the courtyard' },
    ],
  },
  {
    category: 'residential',
    status: 'under_offer',
    form: {
      ...PT,
      title: 'Penthouse with river terrace in Príncipe Real',
      type: 'penthouse',
      purpose: 'sale',
      price: 1_450_000,
      referenceCode: 'BV-LIS-0157',
      street: 'Rua da Escola Politécnica 56',
      area: 'Príncipe Real',
      city: 'Lisbon',
      postalCode: '1250-100',
      builtArea: 180,
      landArea: 65,
      bedrooms: 3,
      bathrooms: 3,
      parking: 2,
      floor: 6,
      yearBuilt: 2019,
      furnished: 'yes',
      features: ['terrace', 'elevator', 'air_conditioning', 'garage', 'central_heating'],
      tags: 'river view, luxury, turnkey',
      visibility: 'private',
      description:
        'Top floor of a new building on the edge of the Príncipe Real garden, with a 65 m² terrace over the Tagus. ' +
        'Open kitchen and living room, three en-suite bedrooms, two parking spaces and a storage room in the basement.',
      privateNotes: 'Owner will consider offers above 1.4M. Completion before September.',
    },
    photos: [
      { scene: 'terrace', caption: 'The terrace over the Tagus' },
      { scene: 'living', caption: 'Open living room and kitchen' },
      { scene: 'kitchen', caption: 'Kitchen' },
    ],
  },
  {
    category: 'residential',
    status: 'active',
    form: {
      ...PT,
      title: 'Bright one-bedroom for rent in Estrela',
      type: 'apartment',
      purpose: 'rent',
      rentPeriod: 'monthly',
      price: 1_850,
      referenceCode: 'BV-LIS-0163',
      street: 'Rua de São Bento 302',
      area: 'Estrela',
      city: 'Lisbon',
      postalCode: '1200-822',
      builtArea: 64,
      bedrooms: 1,
      bathrooms: 1,
      floor: 2,
      yearBuilt: 1910,
      furnished: 'yes',
      features: ['balcony', 'pets_allowed'],
      tags: 'furnished, long term',
      visibility: 'public',
      description:
        'Furnished one-bedroom apartment with two French balconies, a short walk from the Estrela garden and the Parliament. ' +
        'Minimum contract of one year; two months of deposit.',
    },
    photos: [
      { scene: 'living', caption: 'Living room with the French balconies' },
      { scene: 'bedroom', caption: 'Bedroom' },
    ],
  },
  {
    category: 'residential',
    status: 'active',
    form: {
      ...PT,
      title: 'Family townhouse near Foz do Douro',
      type: 'townhouse',
      purpose: 'sale',
      price: 690_000,
      referenceCode: 'BV-POR-0208',
      street: 'Rua do Padrão 41',
      area: 'Foz do Douro',
      city: 'Porto',
      postalCode: '4150-557',
      builtArea: 210,
      landArea: 140,
      bedrooms: 4,
      bathrooms: 3,
      parking: 1,
      yearBuilt: 1962,
      furnished: 'no',
      features: ['garden', 'garage', 'fireplace', 'central_heating'],
      tags: 'garden, near the beach, schools nearby',
      visibility: 'public',
      description:
        'Three-storey townhouse 400 m from the Foz beaches, with a sunny back garden, a fireplace in the living room and a ' +
        'single garage. Good international schools within ten minutes.',
    },
    photos: [
      { scene: 'facade', caption: 'Street front' },
      { scene: 'living', caption: 'Living room with fireplace' },
      { scene: 'terrace', caption: 'Back garden' },
    ],
  },
  {
    member: 'admin',
    category: 'commercial',
    status: 'active',
    form: {
      ...PT,
      title: 'Open-plan office floor in Boavista',
      type: 'office',
      purpose: 'rent',
      rentPeriod: 'monthly',
      price: 4_800,
      referenceCode: 'BV-POR-0214',
      street: 'Avenida da Boavista 1837',
      area: 'Boavista',
      city: 'Porto',
      postalCode: '4100-133',
      builtArea: 310,
      bathrooms: 2,
      parking: 6,
      floor: 4,
      yearBuilt: 2008,
      furnished: 'no',
      features: ['air_conditioning', 'elevator', 'security', 'wheelchair_access'],
      tags: 'fibre, 30 desks',
      visibility: 'public',
      description:
        'A whole floor of 310 m² with glazing on three sides, raised floors, fibre already installed and six parking spaces. ' +
        'Room for about thirty desks and two meeting rooms.',
    },
    photos: [
      { scene: 'office', caption: 'The open floor' },
      { scene: 'facade', caption: 'The building on Avenida da Boavista' },
    ],
  },
  {
    category: 'residential',
    status: 'active',
    form: {
      ...PT,
      title: 'Villa with pool in Quinta da Marinha',
      type: 'villa',
      purpose: 'sale',
      price: 2_350_000,
      referenceCode: 'BV-CAS-0305',
      street: 'Rua das Palmeiras 12',
      area: 'Quinta da Marinha',
      city: 'Cascais',
      region: 'Lisbon',
      postalCode: '2750-715',
      builtArea: 420,
      landArea: 1_400,
      bedrooms: 5,
      bathrooms: 5,
      parking: 3,
      yearBuilt: 2004,
      furnished: 'no',
      features: ['swimming_pool', 'garden', 'garage', 'sea_view', 'air_conditioning', 'solar_panels', 'security'],
      tags: 'golf, sea view, gated community',
      visibility: 'public',
      description:
        'Single-storey villa on a 1,400 m² plot next to the golf course, with a heated pool, a mature garden and a view of the ' +
        'sea from the master suite. Five bedrooms, staff quarters and a three-car garage.',
    },
    photos: [
      { scene: 'facade', caption: 'Entrance' },
      { scene: 'terrace', caption: 'Pool terrace' },
      { scene: 'coast', caption: 'The coast, five minutes away' },
    ],
  },
  {
    member: 'agent',
    category: 'residential',
    status: 'sold',
    form: {
      ...PT,
      title: 'Sea-view apartment in Cascais centre',
      type: 'apartment',
      purpose: 'sale',
      price: 610_000,
      referenceCode: 'BV-CAS-0311',
      street: 'Avenida Dom Carlos I 24',
      area: 'Centro',
      city: 'Cascais',
      region: 'Lisbon',
      postalCode: '2750-310',
      builtArea: 105,
      bedrooms: 2,
      bathrooms: 2,
      parking: 1,
      floor: 5,
      yearBuilt: 1987,
      furnished: 'no',
      features: ['sea_view', 'elevator', 'balcony', 'garage'],
      tags: 'sea view, investment',
      visibility: 'private',
      description: 'Two-bedroom apartment on the fifth floor with a balcony over the bay, a parking space and a storage room.',
    },
    photos: [
      { scene: 'coast', caption: 'The view from the balcony' },
      { scene: 'living', caption: 'Living room' },
    ],
  },
  {
    member: 'admin',
    category: 'residential',
    status: 'draft',
    form: {
      ...PT,
      title: 'Detached family house in Nogueiró',
      type: 'house',
      purpose: 'sale',
      price: 385_000,
      referenceCode: 'BV-BRG-0402',
      street: 'Rua do Monte 7',
      area: 'Nogueiró',
      city: 'Braga',
      postalCode: '4715-226',
      builtArea: 240,
      landArea: 600,
      bedrooms: 4,
      bathrooms: 3,
      parking: 2,
      yearBuilt: 1999,
      furnished: 'no',
      features: ['garden', 'garage', 'fireplace', 'central_heating'],
      tags: 'quiet, needs paint',
      visibility: 'private',
      description: 'Detached house with a garden on a quiet street ten minutes from the centre of Braga and the university.',
      privateNotes: 'Waiting for the energy certificate before publishing.',
    },
    photos: [
      { scene: 'facade', caption: 'Front of the house' },
      { scene: 'kitchen', caption: 'Kitchen' },
    ],
  },
  {
    member: 'admin',
    category: 'commercial',
    status: 'off_market',
    form: {
      ...PT,
      title: 'Warehouse with loading bays in Braga',
      type: 'warehouse',
      purpose: 'sale',
      price: 720_000,
      referenceCode: 'BV-BRG-0409',
      street: 'Parque Industrial de Celeirós, Lote 18',
      area: 'Celeirós',
      city: 'Braga',
      postalCode: '4705-414',
      builtArea: 1_800,
      landArea: 3_200,
      bathrooms: 2,
      parking: 12,
      yearBuilt: 2001,
      features: ['security'],
      tags: 'logistics, two loading bays',
      visibility: 'private',
      description: 'A 1,800 m² warehouse with 8 m ceilings, two loading bays and offices on a mezzanine, near the A11.',
      privateNotes: 'Owner paused the sale until the tenant’s lease ends in March.',
    },
    photos: [{ scene: 'warehouse', caption: 'Loading bays' }],
  },
  {
    member: 'agent',
    category: 'commercial',
    status: 'under_offer',
    form: {
      ...PT,
      title: 'Retail unit on Rua de Santo António',
      type: 'retail',
      purpose: 'sale',
      price: 340_000,
      referenceCode: 'BV-FAR-0503',
      street: 'Rua de Santo António 65',
      area: 'Baixa',
      city: 'Faro',
      postalCode: '8000-283',
      builtArea: 85,
      bathrooms: 1,
      yearBuilt: 1955,
      features: ['wheelchair_access'],
      tags: 'high footfall, let to a tenant',
      visibility: 'private',
      description: 'Street-level shop on Faro’s main pedestrian street, let to a bakery chain until 2029 (5.1% gross yield).',
    },
    photos: [
      { scene: 'shopfront', caption: 'Shop front' },
      { scene: 'facade', caption: 'The building' },
    ],
  },
  {
    member: 'agent',
    category: 'land',
    status: 'active',
    form: {
      ...PT,
      title: 'Building plot with sea view near Loulé',
      type: 'plot',
      purpose: 'sale',
      price: 210_000,
      referenceCode: 'BV-FAR-0517',
      street: 'Sítio da Goldra',
      area: 'Goldra',
      city: 'Loulé',
      region: 'Faro',
      postalCode: '8100-070',
      landArea: 1_200,
      features: ['sea_view'],
      tags: 'approved project, sea view',
      visibility: 'public',
      description: 'A 1,200 m² plot with an approved project for a 220 m² villa with pool, 15 minutes from Faro airport.',
    },
    photos: [
      { scene: 'field', caption: 'The plot' },
      { scene: 'coast', caption: 'The view south' },
    ],
  },
  {
    member: 'agent',
    category: 'land',
    status: 'active',
    form: {
      ...PT,
      title: 'Farm land with cork oaks near Évora',
      type: 'farm_land',
      purpose: 'sale',
      price: 560_000,
      referenceCode: 'BV-EVO-0601',
      street: 'Herdade do Monte Branco',
      area: 'Nossa Senhora da Tourega',
      city: 'Évora',
      postalCode: '7000-704',
      landArea: 180_000,
      features: ['solar_panels'],
      tags: 'cork, water rights, 18 hectares',
      visibility: 'private',
      description: '18 hectares of montado with cork oaks, a borehole, a small ruin that may be rebuilt and a solar pump.',
    },
    photos: [
      { scene: 'field', caption: 'Cork oaks on the eastern slope' },
      { scene: 'field', caption: 'The track to the ruin' },
    ],
  },
]

/** A client and the member who looks after them (the owner unless said): their deals, shortlist and viewings are that member's too. */
export type DemoClient = { member?: DemoMember; form: Record<string, unknown> & { fullName: string; email: string } }

export const DEMO_CLIENTS: DemoClient[] = [
  {
    form: {
      fullName: 'Sofia Almeida',
      email: 'sofia.almeida@example.com',
      phone: '+351 912 345 678',
      kind: 'buyer',
      stage: 'negotiating',
      source: 'Website',
      tags: 'first home, mortgage approved',
      notes: 'Works from home two days a week; wants a second room for an office. Mortgage pre-approved up to 450,000.',
      wantedPurpose: 'sale',
      wantedCategories: ['residential'],
      wantedTypes: ['apartment', 'penthouse'],
      budgetMin: 400_000,
      budgetMax: 550_000,
      budgetCurrency: 'EUR',
      wantedPlaces: 'Lisbon, Campo de Ourique, Porto',
      minBedrooms: 2,
    },
  },
  {
    form: {
      fullName: 'James Whitfield',
      email: 'james.whitfield@example.co.uk',
      phone: '+44 7700 900123',
      kind: 'buyer',
      stage: 'viewing',
      source: 'Referral',
      tags: 'relocating, cash buyer',
      notes: 'Moving from London with his wife Claire and two children. Cash buyers, want to close within six months.',
      wantedPurpose: 'sale',
      wantedCategories: ['residential'],
      wantedTypes: ['villa', 'house', 'penthouse'],
      budgetMin: 1_200_000,
      budgetMax: 2_500_000,
      budgetCurrency: 'EUR',
      wantedPlaces: 'Cascais, Lisbon',
      minBedrooms: 3,
    },
  },
  {
    member: 'admin',
    form: {
      fullName: 'Miguel Costa',
      email: 'miguel@costa-engenharia.pt',
      phone: '+351 935 222 104',
      kind: 'tenant',
      stage: 'contacted',
      source: 'Phone call',
      tags: 'company, office',
      notes: 'Engineering firm growing to 25 people. Needs fibre and parking; lease from the third quarter.',
      wantedPurpose: 'rent',
      wantedCategories: ['commercial'],
      wantedTypes: ['office'],
      budgetMin: 3_000,
      budgetMax: 5_500,
      budgetCurrency: 'EUR',
      wantedPlaces: 'Porto, Boavista',
    },
  },
  {
    member: 'admin',
    form: {
      fullName: 'Ana Ribeiro',
      email: 'ana.ribeiro@example.pt',
      phone: '+351 253 600 410',
      kind: 'seller',
      stage: 'won',
      source: 'Walk-in',
      tags: 'exclusive mandate',
      notes: 'Selling the family house in Nogueiró after moving to Lisbon. Signed a six-month exclusive mandate.',
      budgetCurrency: 'EUR',
      wantedPlaces: 'Braga',
    },
  },
  {
    member: 'agent',
    form: {
      fullName: 'Lukas Becker',
      email: 'lukas.becker@example.de',
      phone: '+49 151 23456789',
      kind: 'investor',
      stage: 'new',
      source: 'Idealista',
      tags: 'investor, land',
      notes: 'Building a portfolio of land and rental units in the south. Interested in projects with approved licences.',
      wantedPurpose: 'sale',
      wantedCategories: ['land', 'residential'],
      wantedTypes: ['plot', 'farm_land', 'apartment'],
      budgetMin: 150_000,
      budgetMax: 650_000,
      budgetCurrency: 'EUR',
      wantedPlaces: 'Loulé, Faro, Évora, Cascais',
    },
  },
]

/** A client's reaction or comment, posted through the share page's own feedback function. */
export type DemoFeedback = { reaction?: FeedbackReaction; comment?: string; name?: string }

export type DemoShortlist = {
  clientEmail: string
  items: { referenceCode: string; note?: string; feedback?: DemoFeedback[] }[]
  /** Shared through a link; the feedback is what the client sent back on it. */
  shared: boolean
}

export const DEMO_SHORTLISTS: DemoShortlist[] = [
  {
    clientEmail: 'sofia.almeida@example.com',
    shared: true,
    items: [
      {
        referenceCode: 'BV-LIS-0142',
        note: 'The one we talked about: renovated, two bedrooms, close to the market.',
        feedback: [
          { reaction: 'interested' },
          { comment: 'Love the light in the living room. Could we see it again on Saturday morning?', name: 'Sofia' },
        ],
      },
      {
        referenceCode: 'BV-LIS-0157',
        note: 'Above your budget, but the owner is open to offers.',
        feedback: [{ reaction: 'not_for_me', comment: 'Beautiful, but too far over our budget.', name: 'Sofia' }],
      },
      { referenceCode: 'BV-POR-0208', note: 'In case Porto is still an option.', feedback: [{ reaction: 'interested' }] },
    ],
  },
  {
    clientEmail: 'james.whitfield@example.co.uk',
    shared: false,
    items: [
      { referenceCode: 'BV-CAS-0305', note: 'Next to the golf course; the school bus stops at the gate.' },
      { referenceCode: 'BV-LIS-0157', note: 'If you prefer to live in the city.' },
      { referenceCode: 'BV-POR-0208' },
    ],
  },
]

export type DemoDeal = {
  clientEmail: string
  referenceCode?: string
  title: string
  value?: number
  commission?: number
  expectedCloseDate?: string
  notes?: string
  /** Every deal starts as a lead; it is moved through these stages in order (each move logged). */
  path: DealStage[]
}

export const DEMO_DEALS: DemoDeal[] = [
  {
    clientEmail: 'sofia.almeida@example.com',
    referenceCode: 'BV-LIS-0142',
    title: 'Campo de Ourique apartment',
    value: 475_000,
    commission: 14_250,
    expectedCloseDate: '2026-09-30',
    notes: 'Offer of 475,000 sent to the seller’s lawyer.',
    path: ['viewing', 'offer'],
  },
  {
    clientEmail: 'james.whitfield@example.co.uk',
    referenceCode: 'BV-LIS-0157',
    title: 'Príncipe Real penthouse',
    value: 1_400_000,
    commission: 42_000,
    expectedCloseDate: '2026-08-15',
    path: ['viewing', 'offer', 'under_contract'],
  },
  {
    clientEmail: 'james.whitfield@example.co.uk',
    referenceCode: 'BV-CAS-0305',
    title: 'Quinta da Marinha villa',
    value: 2_300_000,
    commission: 69_000,
    path: ['viewing'],
  },
  {
    clientEmail: 'miguel@costa-engenharia.pt',
    referenceCode: 'BV-POR-0214',
    title: 'Boavista office lease',
    value: 57_600,
    commission: 4_800,
    notes: 'One year’s rent as the deal value; commission is one month.',
    path: [],
  },
  {
    clientEmail: 'ana.ribeiro@example.pt',
    referenceCode: 'BV-BRG-0402',
    title: 'Sale of the Nogueiró house',
    value: 385_000,
    commission: 11_550,
    path: [],
  },
  {
    clientEmail: 'lukas.becker@example.de',
    referenceCode: 'BV-CAS-0311',
    title: 'Cascais sea-view apartment',
    value: 598_000,
    commission: 17_940,
    expectedCloseDate: '2026-03-31',
    path: ['viewing', 'offer', 'under_contract', 'closed_won'],
  },
  {
    clientEmail: 'lukas.becker@example.de',
    referenceCode: 'BV-FAR-0517',
    title: 'Loulé building plot',
    value: 195_000,
    notes: 'Lost: the licence expires before he could start building.',
    path: ['viewing', 'closed_lost'],
  },
]

/** Notes the broker wrote, on a property (by reference), a client (by e-mail) or a deal (by title). */
export type DemoComment =
  | { subject: 'property'; referenceCode: string; body: string }
  | { subject: 'client'; clientEmail: string; body: string }
  | { subject: 'deal'; dealTitle: string; body: string }

export const DEMO_COMMENTS: DemoComment[] = [
  { subject: 'property', referenceCode: 'BV-LIS-0157', body: 'Second viewing with the Whitfields went well; Claire loved the terrace.' },
  { subject: 'property', referenceCode: 'BV-BRG-0402', body: 'Energy certificate booked for next Tuesday. Publish once it is in.' },
  { subject: 'property', referenceCode: 'BV-POR-0214', body: 'Landlord accepts a 3-month rent-free period for a 5-year lease.' },
  { subject: 'client', clientEmail: 'james.whitfield@example.co.uk', body: 'Flying in from London on the 14th; prefers viewings on Fridays.' },
  { subject: 'client', clientEmail: 'sofia.almeida@example.com', body: 'Asked about the condominium fees of the Campo de Ourique flat (45 €/month).' },
  { subject: 'deal', dealTitle: 'Príncipe Real penthouse', body: 'Promissory contract (CPCV) signed, 10% deposit paid. Deed in August.' },
  { subject: 'deal', dealTitle: 'Campo de Ourique apartment', body: 'Seller countered at 480,000; Sofia is thinking it over.' },
]

/**
 * Viewings on the agency's agenda, each by the member who looks after the client, days from the
 * seed (negative: past). A done one carries the rating the client gave on its feedback page.
 * Nobody is mailed: the clients are made up.
 */
export type DemoViewing = {
  clientEmail: string
  referenceCode: string
  inDays: number
  time: string
  durationMinutes: number
  notes?: string
  done?: { rating: number; comment: string }
}

export const DEMO_VIEWINGS: DemoViewing[] = [
  {
    clientEmail: 'sofia.almeida@example.com',
    referenceCode: 'BV-LIS-0142',
    inDays: 3,
    time: '10:30',
    durationMinutes: 45,
    notes: 'Second visit, as Sofia asked. Bring the condominium minutes.',
  },
  {
    clientEmail: 'miguel@costa-engenharia.pt',
    referenceCode: 'BV-POR-0214',
    inDays: 5,
    time: '15:00',
    durationMinutes: 60,
    notes: 'With his operations manager; check the fibre provider.',
  },
  {
    clientEmail: 'lukas.becker@example.de',
    referenceCode: 'BV-EVO-0601',
    inDays: -4,
    time: '11:00',
    durationMinutes: 90,
    done: { rating: 4, comment: 'Beautiful land. I would like the water rights in writing before an offer.' },
  },
]
