import { DEMO_ACCOUNTS } from '@tradeloop/contracts/demo';
import type { Tx } from '../../db/client.ts';
import { findPeople } from '../accounts/public.ts';
import { loadDemoLogos } from './demo-logos.ts';
import { saveCompanyProfile } from './service.ts';

/**
 * The demo seller's company profile (decision 044), so its mini-site's about-us page shows a filled
 * profile: business types, history, quality, markets, address, facilities and certifications.
 * (No factory pictures: uploads need the file store, which demo data loading does not hold.) Every seller
 * company gets a drawn logo, whose files the server draws when it starts (demo-logos.ts).
 */
export async function loadCompanyProfileDemoData(tx: Tx) {
  await loadDemoLogos(tx);
  const [seller] = await findPeople(tx, { email: DEMO_ACCOUNTS.seller });
  if (!seller?.companyId || !seller.companyType) return;
  await saveCompanyProfile(
    tx,
    { id: seller.companyId, companyType: seller.companyType },
    {
      business_type: [
        { name: 'Manufacturers', toggle: 1 },
        { name: 'Distributors', toggle: 0 },
      ],
      about:
        `${seller.companyName} designs and builds centrifugal and monoblock pumps, gate and ball valves and ` +
        'precision-machined parts for agriculture, water supply and process industries.\n\n' +
        'Family-owned since 1998, we machine, assemble and test every pump in our own plant near Pune and ship ' +
        'to distributors in 14 countries.',
      qaqc_rnd:
        'Every pump runs on our hydraulic test bench before dispatch (flow, head and power recorded on its test ' +
        'certificate). A six-person R&D team works on impeller design and energy-efficient motors.',
      year_established: 1998,
      employees: '51-200',
      main_markets: ['India', 'Middle East', 'East Africa', 'South-East Asia'],
      reg_street_address: 'Plot 14, MIDC Bhosari',
      reg_additional_address: 'Near Telco Road',
      registration_city: seller.city ?? 'Pune',
      reg_region_state_province: 'Maharashtra',
      registration_postalcode: '411026',
      facilities: {
        selected_value: 'yes',
        factoryData: [
          {
            name: 'Main plant, Bhosari',
            details: '6,000 m²: CNC machining, assembly and paint shop',
            factoryImage: [],
          },
          { name: 'Test bay', details: 'Hydraulic test bench up to 75 kW', factoryImage: [] },
        ],
      },
      certifications: [
        { name: 'ISO 9001:2015', issuer: 'TÜV SÜD', year: 2019, image_id: null },
        { name: 'CE marking (Machinery Directive)', issuer: 'Intertek', year: 2021, image_id: null },
        { name: 'BIS IS 8034 (submersible pumps)', issuer: 'Bureau of Indian Standards', year: 2017, image_id: null },
      ],
    },
  );
}
