import type { ProductImage } from '@tradeloop/contracts/catalog';
import { apiRequest } from '../../../lib/api-client.ts';
import { uploadFile } from '../../../lib/file-transfer.ts';

/** POST /api/v1/product/images/upload: the picture is checked by content; the product save attaches it. */
export const uploadProductImage = (file: File) => uploadFile<ProductImage>('product/images/upload', file);

/** POST /api/v1/product/images/delete */
export const deleteProductImage = (id: number) =>
  apiRequest<{ id: number }>('product/images/delete', { method: 'POST', body: { id } });
