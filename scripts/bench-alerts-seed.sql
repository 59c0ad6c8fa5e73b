-- Client alerts benchmark data for scripts/bench-alerts.mjs, after scripts/bench-seed.sql (one
-- broker, 5,000 listings). Set-based and deterministic, like that file.
--
-- The worst case for one run: every listing is news. All 5,000 were added in the last week
-- (created after the clients agreed), one in ten was then repriced down by 5 % (the trigger
-- keeps the old price), and 1,000 clients of the broker have alerts on. Their requirements
-- spread over the seed's 12 cities, both purposes, types, budgets and bedrooms, so most
-- clients fit a few dozen listings and about nine in ten are mailed.

update properties set
  created_at = now() - make_interval(mins => substr(reference_code, 4)::int * 2),
  updated_at = now() - make_interval(mins => substr(reference_code, 4)::int * 2)
where owner_id = (select id from users where email = 'bench-broker@brokervault.test');

update properties set price = round(price * 0.95)
where owner_id = (select id from users where email = 'bench-broker@brokervault.test')
  and substr(reference_code, 4)::int % 10 = 0;

insert into clients (owner_id, full_name, email, kind, wanted_purpose, wanted_types, budget_min, budget_max,
  budget_currency, wanted_places, min_bedrooms, created_at)
select
  broker.id,
  'Bench Client ' || g.i,
  'bench-client-' || g.i || '@brokervault.test',
  'buyer',
  case when r.r1 % 3 = 0 then 'rent' else 'sale' end::property_purpose,
  case when r.r2 % 2 = 0 then '{}' else array[(array['apartment', 'house', 'villa', 'studio'])[r.r3 % 4 + 1]] end::property_type[],
  null,
  case when r.r1 % 3 = 0 then 1500 + r.r4 % 3500 else 300000 + r.r4 % 900000 end,
  'EUR',
  array[(array['Lisbon', 'Porto', 'Madrid', 'Barcelona', 'Valencia', 'Seville', 'Athens', 'Rome', 'Milan', 'Berlin',
    'Vienna', 'Prague'])[r.r5 % 12 + 1]],
  case when r.r6 % 3 = 0 then null else 1 + r.r6 % 3 end,
  now() - interval '30 days'
from generate_series(1, 1000) as g(i)
cross join (select id from users where email = 'bench-broker@brokervault.test') as broker
cross join lateral (
  select abs(hashint4(g.i * 1000 + 101)::bigint) as r1, abs(hashint4(g.i * 1000 + 102)::bigint) as r2,
         abs(hashint4(g.i * 1000 + 103)::bigint) as r3, abs(hashint4(g.i * 1000 + 104)::bigint) as r4,
         abs(hashint4(g.i * 1000 + 105)::bigint) as r5, abs(hashint4(g.i * 1000 + 106)::bigint) as r6
) as r;

-- Each client's alert page (a share of kind client_alert) and its alerts, agreed 30 days ago.
insert into shares (id, owner_id, kind, client_id)
select 'BenchAlert' || lpad(row_number() over (order by c.id)::text, 12, '0'), c.owner_id, 'client_alert', c.id
from clients c where c.email like 'bench-client-%@brokervault.test';

insert into client_alerts (client_id, owner_id, share_id, unsubscribe_token, consented_at, consented_by)
select s.client_id, s.owner_id, s.id, 'BenchUnsubscribeToken' || lpad(substr(s.id, 11), 22, '0'), now() - interval '30 days', s.owner_id
from shares s where s.kind = 'client_alert';

analyze properties;
analyze clients;
analyze client_alerts;
