-- Benchmark data for scripts/bench.mjs: 5,000 listings of one broker, set-based.
--
-- bench.mjs inserts the broker (users, profiles, user_subscriptions on 'professional') with an
-- argon2id hash first, then sends this whole file as ONE simple-protocol message, which Postgres
-- runs as one implicit transaction: if anything fails, the trigger switch below is rolled back too.
--
-- Deterministic on purpose, so every run measures the same data: each attribute is picked with
-- its own hash of the row number, r(k) = abs(hashint4(i * 1000 + k)), not with random() and not
-- with plain i % n (which would tie, say, the city to the purpose whenever the moduli share a factor).
--   * the word "waterfront" is 1 title adjective in 16 → about 310 listings (text-filter benchmark),
--   * 'Porto' is 1 city in 12 → about 420 listings, about 110 of them residential with 2+ bedrooms (city benchmark),
--   * reference BV-00001 (the newest listing) gets 20 photos (detail-page benchmark).

-- 5,000 is 20× the largest plan limit (professional: 250), so the BEFORE INSERT trigger
-- properties_enforce_plan_limit would refuse row 251. Switched off for this seeding only.
alter table properties disable trigger properties_enforce_plan_limit;

insert into properties (
  owner_id, category, type, purpose, rent_period, title, description, reference_code,
  price, currency, street, area, city, region, postal_code, country,
  built_area, land_area, bedrooms, bathrooms, parking, year_built, furnished,
  features, tags, status, visibility, created_at, updated_at
)
select
  broker.id,
  v.category::property_category,
  v.type::property_type,
  v.purpose::property_purpose,
  case when v.purpose = 'rent' then 'monthly'::rent_period end,
  v.adjective || ' ' || initcap(replace(v.type, '_', ' ')) || ' in ' || v.area,
  v.opening || ' ' || v.closing,
  'BV-' || lpad(g.i::text, 5, '0'),
  case when v.purpose = 'rent' then 400 + r.r7 % 4600 else 90000 + r.r7 % 1200000 end,
  'EUR',
  (r.r8 % 180 + 1) || ' ' || (array['Oak Street', 'Harbour Road', 'Mill Lane', 'Station Avenue', 'Church Street',
    'Vine Road', 'Castle Hill', 'King Street', 'Park Avenue', 'Bridge Street'])[r.r9 % 10 + 1],
  v.area,
  c.city,
  c.region,
  lpad((1000 + r.r8 % 8999)::text, 4, '0'),
  c.country,
  case when v.category <> 'land' then 35 + r.r10 % 460 end,
  case when v.category = 'land' then 500 + r.r10 % 20000 end,
  case when v.category = 'residential' then r.r11 % 6 end,
  case when v.category = 'residential' then 1 + r.r12 % 3 when v.category = 'commercial' then 1 + r.r12 % 2 end,
  case when v.category <> 'land' then r.r11 % 3 end,
  case when v.category <> 'land' then 1900 + r.r12 % 124 end,
  case when v.category <> 'land' then r.r9 % 2 = 0 end,
  -- Two different features: the second index is shifted by 1..15, never by 16.
  array[v.features[r.r13 % 16 + 1], v.features[(r.r13 % 16 + 1 + r.r14 % 15) % 16 + 1]],
  -- (Postgres arrays of arrays are 2-D, a[k] would be one text: comma lists, split.)
  string_to_array((array['exclusive,new', 'family,new', 'investment,price_drop', 'luxury,exclusive',
    'investment,family', 'new'])[r.r14 % 6 + 1], ','),
  -- 'active' twice: most of a broker's listings are live.
  (array['draft', 'active', 'active', 'under_offer', 'sold', 'rented', 'off_market'])[r.r15 % 7 + 1]::property_status,
  case when r.r15 % 4 = 0 then 'public' else 'private' end::property_visibility,
  -- BV-00001 is the newest, BV-05000 the oldest: a stable order for the default sort.
  now() - make_interval(hours => g.i),
  now() - make_interval(hours => g.i)
from generate_series(1, 5000) as g(i)
cross join (select id from users where email = 'bench-broker@brokervault.test') as broker
-- One independent pseudo-random number per attribute (bigint: abs() of int4's minimum overflows).
cross join lateral (
  select
    abs(hashint4(g.i * 1000 + 1)::bigint) as r1, abs(hashint4(g.i * 1000 + 2)::bigint) as r2,
    abs(hashint4(g.i * 1000 + 3)::bigint) as r3, abs(hashint4(g.i * 1000 + 4)::bigint) as r4,
    abs(hashint4(g.i * 1000 + 5)::bigint) as r5, abs(hashint4(g.i * 1000 + 6)::bigint) as r6,
    abs(hashint4(g.i * 1000 + 7)::bigint) as r7, abs(hashint4(g.i * 1000 + 8)::bigint) as r8,
    abs(hashint4(g.i * 1000 + 9)::bigint) as r9, abs(hashint4(g.i * 1000 + 10)::bigint) as r10,
    abs(hashint4(g.i * 1000 + 11)::bigint) as r11, abs(hashint4(g.i * 1000 + 12)::bigint) as r12,
    abs(hashint4(g.i * 1000 + 13)::bigint) as r13, abs(hashint4(g.i * 1000 + 14)::bigint) as r14,
    abs(hashint4(g.i * 1000 + 15)::bigint) as r15
) as r
-- The city with its region and country (one index for all three, so they agree).
cross join lateral (
  select
    (array['Lisbon', 'Porto', 'Madrid', 'Barcelona', 'Valencia', 'Seville', 'Athens', 'Rome', 'Milan', 'Berlin',
      'Vienna', 'Prague'])[r.r1 % 12 + 1] as city,
    (array['Lisboa', 'Norte', 'Madrid', 'Catalonia', 'Valencia', 'Andalusia', 'Attica', 'Lazio', 'Lombardy',
      'Berlin', 'Vienna', 'Prague'])[r.r1 % 12 + 1] as region,
    (array['PT', 'PT', 'ES', 'ES', 'ES', 'ES', 'GR', 'IT', 'IT', 'DE', 'AT', 'CZ'])[r.r1 % 12 + 1] as country
) as c
-- Type and the category it belongs to (catalog.ts: 6 residential, 5 commercial, 2 land types).
cross join lateral (
  select
    (array['apartment', 'house', 'villa', 'townhouse', 'studio', 'penthouse', 'office', 'retail', 'warehouse',
      'industrial', 'hotel', 'plot', 'farm_land'])[r.r2 % 13 + 1] as type,
    case when r.r2 % 13 < 6 then 'residential' when r.r2 % 13 < 11 then 'commercial' else 'land' end as category
) as t
cross join lateral (
  select
    t.type,
    t.category,
    case when r.r3 % 3 = 0 then 'rent' else 'sale' end as purpose,
    -- "Waterfront" is the word the text-filter benchmark searches for; no other text contains it.
    (array['Sunny', 'Renovated', 'Spacious', 'Quiet', 'Modern', 'Charming', 'Bright', 'Elegant', 'Cosy',
      'Luminous', 'Historic', 'Waterfront', 'Classic', 'Restored', 'Generous', 'Airy'])[r.r4 % 16 + 1] as adjective,
    (array['Old Town', 'Riverside', 'Harbour', 'Hillside', 'Downtown', 'Garden Quarter', 'University', 'Station',
      'Market'])[r.r5 % 9 + 1] as area,
    (array['Well kept and ready to move in, with good light throughout the day.',
      'Close to schools, shops and public transport, in a calm residential street.',
      'Recently refurbished with quality materials and new electrical installation.',
      'Generous rooms, high ceilings and original details kept during the renovation.',
      'Excellent connection to the motorway and the airport, ideal for commuters.',
      'A rare opportunity in one of the most sought-after parts of the city.',
      'Low running costs thanks to insulation, double glazing and efficient heating.',
      'Flexible layout that suits a family, a home office or a rental investment.'])[r.r6 % 8 + 1] as opening,
    (array['Viewings by appointment.', 'Documents available on request.', 'Price open to offers.',
      'Available immediately.', 'Floor plans and energy certificate in the file.'])[r.r6 % 5 + 1] as closing,
    array['air_conditioning', 'balcony', 'central_heating', 'elevator', 'fireplace', 'garage', 'garden', 'gym',
      'pets_allowed', 'security', 'sea_view', 'solar_panels', 'storage', 'swimming_pool', 'terrace',
      'wheelchair_access'] as features
) as v;

alter table properties enable trigger properties_enforce_plan_limit;

-- One cover photo per listing. The storage keys point nowhere: pages only link to /media/{id}/…,
-- and the benchmark never fetches those.
insert into property_photos (property_id, owner_id, position, caption, original_key, variant_keys, width, height, bytes, created_at)
select p.id, p.owner_id, 0, 'Front view', 'bench/' || p.id || '/0/original.jpg',
  jsonb_build_object('320', 'bench/' || p.id || '/0/320.webp', '640', 'bench/' || p.id || '/0/640.webp',
    '1280', 'bench/' || p.id || '/0/1280.webp'),
  1600, 1067, 240000, p.created_at
from properties p;

-- 19 more on BV-00001: 20 photos on the page of /property/{id}.
insert into property_photos (property_id, owner_id, position, caption, original_key, variant_keys, width, height, bytes, created_at)
select p.id, p.owner_id, n, 'Room ' || n, 'bench/' || p.id || '/' || n || '/original.jpg',
  jsonb_build_object('320', 'bench/' || p.id || '/' || n || '/320.webp', '640', 'bench/' || p.id || '/' || n || '/640.webp',
    '1280', 'bench/' || p.id || '/' || n || '/1280.webp'),
  1600, 1067, 200000 + n * 1000, p.created_at
from properties p
cross join generate_series(1, 19) as n
where p.reference_code = 'BV-00001';

-- The shared property must be one a client may see: drafts and off-market listings are left out
-- of share pages (decision 006), and BV-00001's pseudo-random status could be either.
update properties set status = 'active', visibility = 'public' where reference_code = 'BV-00001';

-- Fresh statistics, so the planner sees 5,000 rows (as it would after autovacuum on a live system).
analyze properties;
analyze property_photos;

-- Share pages (issue 4): a property share of BV-00001 (20 photos) and a client listing holding it.
-- Fixed ids of the real shape (22 base64url characters) so the bench knows the URLs.
insert into clients (owner_id, full_name, kind, stage)
select owner_id, 'Bench Client', 'buyer', 'viewing' from properties where reference_code = 'BV-00001';
insert into client_listing_items (owner_id, client_id, property_id, position, note)
select p.owner_id, c.id, p.id, 0, 'Twenty photos: the heaviest share page we serve.'
from properties p join clients c on c.owner_id = p.owner_id where p.reference_code = 'BV-00001';
insert into shares (id, owner_id, kind, property_id)
select 'BenchPropertyShare0001', owner_id, 'property', id from properties where reference_code = 'BV-00001';
insert into shares (id, owner_id, kind, client_id)
select 'BenchListingShare00001', owner_id, 'client_listing', id from clients where full_name = 'Bench Client';
