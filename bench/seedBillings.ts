import { sql } from 'drizzle-orm';
import type { Db } from '../server/db/client';

/**
 * Both billing sides of every mission that reached billing (seedMissions.ts's load: about 95,000
 * of its 100,000), in one INSERT … SELECT per side, with the calculus's answer varied per mission
 * so the export compresses like real data. The demo seed's billed missions keep their own sides. A vehicle for every other mission (the report's plate).
 */
export async function seedBillingLoad(db: Db): Promise<number> {
  for (const side of ['shipper', 'serviceProvider'] as const) {
    const company = side === 'shipper' ? sql`m.shipper_id` : sql`coalesce(m.service_provider_id, m.shipper_id)`;
    await db.execute(sql`insert into mission_billings (id, mission_id, risk_manager_id, type, company_id, mission_created_at, status,
        toll_cents, expenses_cents, additions_cents, discounts_cents, price_cents, plan_toll_cents,
        time_usage_minutes, time_limit_minutes, time_overage_minutes, time_overage_cents,
        distance_usage_metres, distance_limit_metres, distance_overage_metres, distance_overage_cents,
        start_distance_metres, end_distance_metres, window_start, window_end, final_cost_cents)
      select substr(md5(m.id || ${side}), 1, 24), m.id, m.risk_manager_id, ${side}, ${company}, m.created_at, 'priced',
        (n % 7) * 100, (n % 13) * 250, (n % 5) * 100, (n % 3) * 50, 40000, 1500,
        120 + n % 300, 180, greatest(0, n % 300 - 60), greatest(0, n % 300 - 60) * 133,
        50000 + (n % 900) * 173, 100000, greatest(0, (n % 900) * 173 - 50000), greatest(0, (n % 900) * 173 - 50000) / 5,
        1000000 + n, 1050000 + n + (n % 900) * 173, m.created_at + interval '20 minutes', m.created_at + interval '3 hours',
        40000 + 1500 + (n % 7) * 100 + (n % 13) * 250 + (n % 5) * 100 - (n % 3) * 50
      from (select *, (('x' || substr(id, 17, 8))::bit(32)::int & 1048575) as n from missions) m
      where m.status in ('finished', 'billed_shipper', 'billed_provider', 'billed')
      on conflict (mission_id, type) do nothing`);
  }
  await db.execute(sql`insert into mission_vehicles (id, mission_id, driver, type, plate, created_at)
    select substr(md5(id || 'vehicle'), 1, 24), id, 'Motorista', 'truck', 'BEN' || lpad((abs(hashtext(id)) % 10000)::text, 4, '0'), created_at + interval '5 minutes'
    from missions where status in ('finished', 'billed_shipper', 'billed_provider', 'billed') and right(id, 1) in ('0','2','4','6','8','a','c','e')`);
  const result = await db.execute(sql`select count(*)::int as n from mission_billings`);
  return Number((result as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
