import { expect, test, type Locator, type Page } from './test.ts';
import sharp from 'sharp';
import { CATALOG_MESSAGES } from '@tradeloop/contracts/catalog';
import { FILE_MESSAGES } from '@tradeloop/contracts/catalog-files';
import { chooseOption, expectAccessible, signUp, uniqueEmail, expectShown } from './support.ts';

/** The messages of spec section 5 for fields left empty, verbatim. */
const SPEC_REQUIRED_MESSAGES = [
  'No Attributes Added, Please add new attributes',
  'Please select at least one Category',
  'Please enter nearest seaport',
  'Please enter nearest Airport',
  'Please select product brand',
  'Please select Paymeny Terms',
];

async function picture(color: { r: number; g: number; b: number }) {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function newSeller(page: Page) {
  await signUp(page, {
    kind: 'seller',
    fullName: 'Kavita Rao',
    email: uniqueEmail('catalogue'),
    companyName: 'Rao Pumps and Valves',
    companyType: 'Manufacturers',
  });
}

const section = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function addAttribute(page: Page, index: number, name: string, options: string[]) {
  const attributes = section(page, 'Attributes');
  await attributes.getByRole('button', { name: 'Add attribute' }).click();
  await attributes.getByRole('textbox', { name: `Attribute ${index}` }).fill(name);
  const optionsInput = attributes.getByRole('textbox', { name: 'Options' }).nth(index - 1);
  for (const option of options) {
    await optionsInput.fill(option);
    await optionsInput.press('Enter');
  }
}

async function fillCommon(page: Page, name: string) {
  await field(page, 'Product name').fill(name);
  await field(page, 'Description').fill(`${name} for industrial duty, tested before dispatch.`);
  const categories = page.getByRole('textbox', { name: 'Categories' });
  await categories.fill('Centrifugal');
  await page.getByRole('option', { name: 'Pumps › Centrifugal Pumps' }).click();
  await page.keyboard.press('Escape');
  await chooseOption(page, 'Brand', 'Kirloskar', true);
  await field(page, 'Nearest seaport').fill('Nhava Sheva (INNSA)');
  await field(page, 'Nearest airport').fill('Mumbai (BOM)');
  await chooseOption(page, 'Payment terms', 'FOB', true);
}

async function addPictures(page: Page, names: string[]) {
  const input = section(page, 'Images').locator('input[type="file"]');
  const files = await Promise.all(
    names.map(async (name, index) => ({
      name,
      mimeType: 'image/png',
      buffer: await picture({ r: 40 * index, g: 120, b: 200 }),
    })),
  );
  await input.setInputFiles(files);
  await expect(section(page, 'Images').getByRole('img', { name: /^Product picture/ })).toHaveCount(names.length);
}

async function save(page: Page, button: 'Create product' | 'Save changes') {
  await page.getByRole('button', { name: button }).click();
}

function field(scope: Page | Locator, label: string) {
  return scope.getByRole('textbox', { name: label, exact: true });
}

test.describe('Seller catalogue', () => {
  test('every required field of the product form shows the spec’s message when left empty', async ({ page }) => {
    await newSeller(page);
    await page.goto('/products/create');
    await save(page, 'Create product');
    for (const message of SPEC_REQUIRED_MESSAGES) await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(page.getByText(CATALOG_MESSAGES.nameRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(CATALOG_MESSAGES.descriptionRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(CATALOG_MESSAGES.validityRequired, { exact: true })).toBeVisible();
    await expectAccessible(page, 'the product form with its errors');

    // An attribute without options, a pre-title over 50 characters, a repeated option.
    await section(page, 'Attributes').getByRole('button', { name: 'Add attribute' }).click();
    await field(page, 'Attribute 1').fill('Colour');
    await field(page, 'Pre-title').fill('x'.repeat(51));
    await save(page, 'Create product');
    await expect(page.getByText('Please enter values', { exact: true })).toBeVisible();
    await expect(page.getByText('pre title must be of 50 characters', { exact: true })).toBeVisible();
    const options = field(page, 'Options');
    for (const option of ['Red', 'Blue']) {
      await options.fill(option);
      await options.press('Enter');
    }
    await save(page, 'Create product');
    await expect(page.getByText('Please enter values', { exact: true })).toHaveCount(0);

    // By order asks for its own fields; a fixed price for currency and unit price.
    await page.getByText('By order', { exact: true }).click();
    await page.getByText('Fixed price', { exact: true }).click();
    await save(page, 'Create product');
    for (const message of [
      CATALOG_MESSAGES.territoryRequired,
      CATALOG_MESSAGES.countryOriginsRequired,
      CATALOG_MESSAGES.inHouseProductionRequired,
      CATALOG_MESSAGES.inHouseProductionDaysRequired,
      CATALOG_MESSAGES.deliveryTimeRequired,
      CATALOG_MESSAGES.unitPriceRequired,
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByText(CATALOG_MESSAGES.validityRequired, { exact: true })).toHaveCount(0);

    // Pictures must be PNG or JPEG: a GIF is refused with the spec's message.
    await section(page, 'Images')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(section(page, 'Images').getByText(FILE_MESSAGES.imageType)).toBeVisible();
  });

  test('a seller creates an in-stock product priced by quantity, with attributes, pictures, specifications and a calculator, then edits it', async ({
    page,
  }) => {
    await newSeller(page);
    await page.goto('/products/List');
    await expect(page.getByText('Your catalogue is empty')).toBeVisible();
    await expectAccessible(page, 'an empty catalogue');
    await page.getByRole('link', { name: 'Add product' }).first().click();
    await expect(page).toHaveURL(/\/products\/create$/);

    await field(page, 'Pre-title').fill('Cast Iron');
    await fillCommon(page, 'Monoblock Water Pump');
    await field(page, 'Model number').fill('RMB-50');
    await addAttribute(page, 1, 'Power', ['3 HP', '5 HP']);
    await addAttribute(page, 2, 'Phase', ['Single', 'Three']);
    await expect(page.getByText('4 combinations')).toBeVisible();
    await expectAccessible(page, 'the product form with attributes');

    await chooseOption(page, 'Validity', '6 months');
    await chooseOption(page, 'Manufacturing year', '2025', true);
    await field(page, 'Dispatch in').fill('7');
    await field(page, 'Stock location').fill('Pune, India');
    await chooseOption(page, 'Country of origin', 'India', true);

    const pricing = section(page, 'Pricing');
    await chooseOption(page, 'Unit', 'Piece', true);
    await field(pricing, 'Max quantity').first().fill('9');
    await field(pricing, 'Price a unit').first().fill('420');
    await pricing.getByRole('button', { name: 'Add price tier' }).click();
    await field(pricing, 'Max quantity').nth(1).fill('49');
    await field(pricing, 'Price a unit').nth(1).fill('395');

    await addPictures(page, ['front.png', 'side.png']);
    await section(page, 'Images').getByRole('button', { name: 'Make main image' }).click();

    const specs = section(page, 'Specifications');
    await specs.getByRole('checkbox', { name: 'Power (kW)' }).check();
    await field(specs, 'Power value').fill('3.7');
    await specs.getByText('All specifications and groups').click();
    await specs.getByRole('button', { name: 'Add specification' }).click();
    await field(specs, 'Specification name').last().fill('Head');
    await field(specs, 'Specification value').last().fill('32 m');

    const calculator = section(page, 'Price calculator');
    await calculator.getByText('Similar', { exact: true }).click();
    await field(calculator, 'Number of Power 3 HP').fill('3');
    await field(calculator, 'Number of Power 5 HP').fill('5');
    await field(calculator, 'Equation').fill('price * quantity * Power / 3');

    await save(page, 'Create product');
    await expectShown(page, CATALOG_MESSAGES.created);
    await expect(page).toHaveURL(/\/products\/edit\/\d+$/);

    // The editor shows what was saved, the combinations and the calculator at work.
    await expect(field(page, 'Product name')).toHaveValue('Monoblock Water Pump');
    await expect(section(page, 'Images').getByRole('img', { name: /^Product picture/ })).toHaveCount(2);
    const matrix = section(page, 'Combinations');
    await expect(matrix.getByRole('row')).toHaveCount(5);
    await matrix.getByRole('radio', { name: 'Make 5 HP · Three the default' }).click();
    await expect(matrix.getByRole('radio', { name: 'Make 5 HP · Three the default' })).toBeChecked();
    await chooseOption(page, 'Try on', '5 HP|Three', true);
    await field(calculator, 'Quantity').fill('10');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await expect(calculator.getByText('Total 6,583.33')).toBeVisible();
    await expectAccessible(page, 'the product editor');

    // Edit: rename, change a tier, break the calculator (an empty number), then fix it and save.
    await field(page, 'Product name').fill('Monoblock Water Pump, IE3 motor');
    await field(pricing, 'Price a unit').nth(1).fill('389');
    await field(calculator, 'Number of Power 5 HP').fill('');
    await save(page, 'Save changes');
    await expect(page.getByText('Something went wrong. Please try after sometime!')).toBeVisible();
    await expect(calculator.getByText('Please enter a number for every attribute value')).toBeVisible();
    await field(calculator, 'Number of Power 5 HP').fill('5');
    await save(page, 'Save changes');
    await expectShown(page, CATALOG_MESSAGES.updated);

    await page.reload();
    await expect(field(page, 'Product name')).toHaveValue('Monoblock Water Pump, IE3 motor');
    await expect(field(pricing, 'Price a unit').nth(1)).toHaveValue('389');
    await specs.getByText('All specifications and groups').click();
    await expect(field(specs, 'Specification value').last()).toHaveValue('32 m');

    await page.getByRole('link', { name: 'My products' }).first().click();
    await expect(
      page.getByRole('link', { name: 'Cast Iron Monoblock Water Pump, IE3 motor', exact: true }),
    ).toBeVisible();
    await expect(page.getByText('$389.00 – $420.00')).toBeVisible();
  });

  test('a seller creates a product made to order, with territory and production days, then edits it', async ({
    page,
  }) => {
    await newSeller(page);
    await page.goto('/products/create');
    await fillCommon(page, 'Custom Pump Skid');
    await addAttribute(page, 1, 'Frame', ['MS', 'SS304']);
    await addAttribute(page, 2, 'Pumps', ['1+1', '2+1']);

    await page.getByText('By order', { exact: true }).click();
    await chooseOption(page, 'Territory', 'Asia');
    const origins = page.getByRole('textbox', { name: 'Countries of origin' });
    await origins.fill('India');
    await page.getByRole('option', { name: 'India', exact: true }).click();
    await page.keyboard.press('Escape');
    await field(page, 'In-house production').fill('20');
    await field(page, 'Production days').fill('30');
    await field(page, 'Delivery time').fill('6');

    await page.getByText('Fixed price', { exact: true }).click();
    await field(page, 'Unit price').fill('12500');
    // Made to order, a fixed price says what it is per (in stock, the stock unit says it).
    await chooseOption(page, 'Price per', 'Set', true);
    await addPictures(page, ['skid.png']);

    const specs = section(page, 'Specifications');
    await specs.getByRole('checkbox', { name: 'Material' }).check();
    await field(specs, 'Material value').fill('SS304 frame');

    const calculator = section(page, 'Price calculator');
    await calculator.getByText('Multilevel', { exact: true }).click();
    await field(calculator, 'To quantity').fill('4');
    await field(calculator, 'Equation').fill('price * quantity');
    await calculator.getByRole('button', { name: 'Add level' }).click();
    await field(calculator, 'To quantity').nth(1).fill('20');
    await field(calculator, 'Equation').nth(1).fill('price * quantity * 0.9');

    await save(page, 'Create product');
    await expectShown(page, CATALOG_MESSAGES.created);
    await expect(page).toHaveURL(/\/products\/edit\/\d+$/);
    await expect(field(page, 'Production days')).toHaveValue('30');

    await field(calculator, 'Quantity').fill('10');
    await calculator.getByRole('button', { name: 'Calculate' }).click();
    await expect(calculator.getByText('Total 112,500')).toBeVisible();
    await expectAccessible(page, 'a product made to order');

    await field(page, 'Production days').fill('25');
    await save(page, 'Save changes');
    await expectShown(page, CATALOG_MESSAGES.updated);
    await page.reload();
    await expect(field(page, 'Production days')).toHaveValue('25');
    await expect(field(page, 'Unit price')).toHaveValue('12500');
    await expect(field(page, 'Price per')).toHaveValue('Set');
  });

  test('the product list searches, duplicates, deletes with undo, and imports a CSV with a report', async ({
    page,
  }) => {
    await newSeller(page);
    await page.goto('/products/List');
    const csv = [
      'name,description,categories,brand,attributes,availability,price_type,currency,unit_price,unit,price_term,nearest_seaport,nearest_airport,territory,origin_countries,production_capacity,production_days,delivery_time,delivery_period',
      'Gate Valve 50 mm,Cast iron gate valve,gate-valves,Audco,Size=50 mm,by_order,fixed,USD,58,Piece,FOB,Nhava Sheva,Mumbai,Asia,IN,100,10,2,Weeks',
      'Ball Valve 25 mm,Brass ball valve,ball-valves,Audco,Size=25 mm,by_order,fixed,USD,12,Piece,FOB,Nhava Sheva,Mumbai,Asia,IN,100,10,2,Weeks',
      'Mystery Valve,No brand given,ball-valves,,Size=25 mm,by_order,fixed,USD,12,Piece,FOB,Nhava Sheva,Mumbai,Asia,IN,100,10,2,Weeks',
    ].join('\n');
    const importFile = async () => {
      await page.getByRole('button', { name: 'Import CSV' }).first().click();
      await page
        .getByRole('dialog')
        .locator('input[type="file"]')
        .setInputFiles({ name: 'valves.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
    };
    await importFile();
    await expect(page.getByText('2 of 3 products created')).toBeVisible();
    const rejected = page.getByRole('table', { name: 'Rejected rows' });
    await expect(rejected.getByText('Mystery Valve')).toBeVisible();
    await expectShown(rejected, CATALOG_MESSAGES.brandRequired);
    await expectAccessible(page, 'the catalogue import report');
    await page.getByRole('button', { name: 'Done' }).click();

    // The same file again updates the two products instead of adding copies.
    await importFile();
    await expect(page.getByText('0 of 3 products created, 2 updated')).toBeVisible();
    await page.getByRole('button', { name: 'Done' }).click();

    await expect(page.getByText('2 products')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search products' }).fill('ball');
    await expect(page).toHaveURL(/search=ball/);
    await expect(page.getByRole('link', { name: 'Ball Valve 25 mm', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Gate Valve 50 mm', exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'More actions for Ball Valve 25 mm' }).click();
    await page.getByRole('menuitem', { name: 'Duplicate' }).click();
    await expect(page).toHaveURL(/\/products\/edit\/\d+$/);
    await expect(field(page, 'Product name')).toHaveValue('Ball Valve 25 mm (copy)');

    await page.goto('/products/List');
    await page.getByRole('button', { name: 'More actions for Gate Valve 50 mm' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('link', { name: 'Gate Valve 50 mm', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('link', { name: 'Gate Valve 50 mm', exact: true })).toBeVisible();
    await expectAccessible(page, 'the product list');
  });

  test('a product that is not found sends the editor back to the list', async ({ page }) => {
    await newSeller(page);
    await page.goto('/products/edit/99999999');
    await expect(page).toHaveURL(/\/products\/List$/);
  });
});
