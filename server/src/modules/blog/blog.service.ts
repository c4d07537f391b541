import type { DataSource } from 'typeorm';
import { notFound } from '../../shared/errors';
import { fetchPage, parsePage, type Page, type PageRequest } from '../../shared/paging';
import type { Viewer } from '../../kernel/viewer';
import { isUuid } from '../../shared/validation';

export const BLOG_NOT_FOUND = 'Blog post not found';
export const MAX_BLOG_TITLE = 150;
import { Blog } from './blog.entity';
import { requireRole, roles } from '../auth/guards';

/** Blog posts, newest first; hidden ones never. */
export async function listBlogs(db: DataSource, paging: { offset?: number; limit?: number }): Promise<Page<Blog>> {
  const page = parsePage(paging.offset, paging.limit);
  const repository = db.getRepository(Blog);
  return fetchPage(
    page,
    () => repository.find({ where: { hidden: false }, order: { createdAt: 'DESC', id: 'ASC' }, skip: page.offset, take: page.limit }),
    () => repository.count({ where: { hidden: false } }),
  );
}

/** A page of the shown blogs, newest first, for the legacy static file path. */
export function listAllBlogs(db: DataSource, page: PageRequest): Promise<Blog[]> {
  return db.getRepository(Blog).find({ where: { hidden: false }, order: { createdAt: 'DESC', id: 'ASC' }, skip: page.offset, take: page.limit });
}

/** One shown post, or null; reading it this way counts nothing (the page counts with openBlog). */
export async function findBlog(db: DataSource, id: string): Promise<Blog | null> {
  if (!isUuid(id)) return null;
  return db.getRepository(Blog).findOneBy({ id, hidden: false });
}

/** Opening a post counts one read. */
export async function openBlog(db: DataSource, id: string): Promise<Blog> {
  const [rows] = await db.query<[Array<{ id: string }>, number]>(`UPDATE blog SET reads = reads + 1 WHERE id = $1 AND NOT hidden RETURNING id`, [id]);
  if (rows.length === 0) throw notFound(BLOG_NOT_FOUND, 'BLOG_NOT_FOUND');
  return db.getRepository(Blog).findOneByOrFail({ id });
}

/** A post (that passed BlogInput's rules) by an instructor or an admin, signed with their name. */
export async function createBlog(db: DataSource, viewer: Viewer, draft: { title: string; img?: string | null; description: string }): Promise<Blog> {
  requireRole(viewer, roles.staff, 'Only instructors and admins can write blog posts');
  // NFC, so that the same Bangla text typed on two keyboards is stored alike.
  const title = draft.title.trim().normalize('NFC');
  const description = draft.description.trim().normalize('NFC');
  const img = draft.img?.trim() || null;
  return db.getRepository(Blog).save({ title, description, img, author: viewer.name, authorId: viewer.id, reads: 0, hidden: false });
}

export async function setBlogHidden(db: DataSource, viewer: Viewer, id: string, hidden: boolean): Promise<Blog> {
  requireRole(viewer, roles.admin, 'Only admins can hide blog posts');
  const blog = await db.getRepository(Blog).findOneBy({ id });
  if (!blog) throw notFound(BLOG_NOT_FOUND, 'BLOG_NOT_FOUND');
  await db.getRepository(Blog).update(blog.id, { hidden });
  return { ...blog, hidden };
}
