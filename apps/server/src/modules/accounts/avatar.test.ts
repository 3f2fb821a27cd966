import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_SIZE, PROFILE_MESSAGES } from '@tradeloop/contracts/accounts';
import { FILE_MESSAGES, IMAGE_RULES } from '@tradeloop/contracts/catalog-files';
import { as, createTestApp, signUp, type TestUser } from '../../../test/helpers.ts';
import { multipart, picture } from '../catalog/test-support.ts';

/** Issue 42: the profile said "Uploads are coming soon" while completeness asked for a photo. */

let app: FastifyInstance;
let buyer: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  buyer = await signUp(app, 'buyer');
});
afterAll(() => app.close());

const upload = (user: TestUser, file: { name: string; data: Buffer; type?: string }) =>
  as(app, user, { method: 'POST', url: '/api/v1/profile/avatar', ...multipart(file) });

const avatarOf = async (user: TestUser) =>
  (await as(app, user, { method: 'GET', url: '/api/v1/profile/view' })).json().data.avatar_original as string | null;

describe('the profile photo', () => {
  it('is uploaded as PNG or JPEG, cut to a square WebP, and shown on the profile', async () => {
    const response = await upload(buyer, { name: 'me.jpg', data: await picture('jpeg', 640, 480), type: 'image/jpeg' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(PROFILE_MESSAGES.avatarSaved);
    const address = await avatarOf(buyer);
    expect(address).toMatch(/^\/uploads\/avatars\/\d+\/[0-9a-f-]+\.webp$/);
    const served = await app.inject({ method: 'GET', url: address! });
    expect(served.statusCode).toBe(200);
    const { format, width, height } = await sharp(served.rawPayload).metadata();
    expect({ format, width, height }).toEqual({ format: 'webp', width: AVATAR_SIZE, height: AVATAR_SIZE });
  });

  it('replaces the photo it had, whose file goes', async () => {
    const before = await avatarOf(buyer);
    expect((await upload(buyer, { name: 'new.png', data: await picture('png') })).statusCode).toBe(200);
    const after = await avatarOf(buyer);
    expect(after).not.toBe(before);
    expect((await app.inject({ method: 'GET', url: before! })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: after! })).statusCode).toBe(200);
  });

  it('refuses what is not a PNG or JPEG by its bytes, and an empty or missing file, keeping the photo', async () => {
    const kept = await avatarOf(buyer);
    for (const file of [
      { name: 'me.png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      {
        name: 'me.png',
        data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40)]),
      },
    ]) {
      const response = await upload(buyer, file);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.file).toEqual([FILE_MESSAGES.imageType]);
    }
    const empty = await upload(buyer, { name: 'me.png', data: Buffer.alloc(0) });
    expect(empty.json().errors.file).toEqual([FILE_MESSAGES.fileRequired]);
    const none = await as(app, buyer, {
      method: 'POST',
      url: '/api/v1/profile/avatar',
      ...multipart(null, { a: 'b' }),
    });
    expect(none.json().errors.file).toEqual([FILE_MESSAGES.fileRequired]);
    expect(await avatarOf(buyer)).toBe(kept);
  });

  it('refuses a file over the image limit with its message', async () => {
    const big = Buffer.concat([await picture('png'), Buffer.alloc(IMAGE_RULES.maxBytes)]);
    const response = await upload(buyer, { name: 'big.png', data: big });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual([FILE_MESSAGES.imageTooLarge]);
  });

  it('is removed, with its file', async () => {
    const address = await avatarOf(buyer);
    const response = await as(app, buyer, { method: 'POST', url: '/api/v1/profile/avatar/delete' });
    expect(response.json().message).toBe(PROFILE_MESSAGES.avatarRemoved);
    expect(await avatarOf(buyer)).toBeNull();
    expect((await app.inject({ method: 'GET', url: address! })).statusCode).toBe(404);
  });

  it('answers an anonymous caller 401', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/profile/avatar', ...multipart(null) });
    expect(response.statusCode).toBe(401);
  });
});
