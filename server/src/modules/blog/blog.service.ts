import type { DataSource } from 'typeorm';
import { AppError, badInput, notFound } from '../../shared/errors';
import { fetchPage, parsePage, type Page, type PageRequest } from '../../shared/paging';
import { checkWebAddress } from '../../shared/text-rules';
import type { Viewer } from '../auth/viewer';
import { isUuid } from '../course/course.service';
import { Role } from '../user/role';
import { Blog } from './blog.entity';

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
  if (!isUuid(id)) throw notFound('Blog post not found');
  const [rows] = await db.query<[Array<{ id: string }>, number]>(`UPDATE blog SET reads = reads + 1 WHERE id = $1 AND NOT hidden RETURNING id`, [id]);
  if (rows.length === 0) throw notFound('Blog post not found');
  return db.getRepository(Blog).findOneByOrFail({ id });
}

/** A post by an instructor or an admin, signed with their name. */
export async function createBlog(db: DataSource, viewer: Viewer, draft: { title?: string | null; img?: string | null; description?: string | null }): Promise<Blog> {
  if (viewer.role !== Role.INSTRUCTOR && viewer.role !== Role.ADMIN) throw new AppError('FORBIDDEN', 'Only instructors and admins can write blog posts');
  // NFC, so that the same Bangla text typed on two keyboards is stored alike.
  const title = draft.title?.trim().normalize('NFC') ?? '';
  const description = draft.description?.trim().normalize('NFC') ?? '';
  const img = draft.img?.trim() || null;
  const problems: Record<string, string> = {};
  if (!title) problems.title = 'Title is required';
  else if (title.length > 150) problems.title = 'The title must be at most 150 characters';
  if (!description) problems.description = 'Description is required';
  else if (description.length > 10000) problems.description = 'The description must be at most 10000 characters';
  const imageProblem = img ? checkWebAddress(img, 'The image URL') : null;
  if (imageProblem) problems.img = imageProblem;
  const first = Object.values(problems)[0];
  if (first) throw badInput(first, { fields: problems });
  return db.getRepository(Blog).save({ title, description, img, author: viewer.name, authorId: viewer.id, reads: 0, hidden: false });
}

export async function setBlogHidden(db: DataSource, viewer: Viewer, id: string, hidden: boolean): Promise<Blog> {
  if (viewer.role !== Role.ADMIN) throw new AppError('FORBIDDEN', 'Only admins can hide blog posts');
  const blog = isUuid(id) ? await db.getRepository(Blog).findOneBy({ id }) : null;
  if (!blog) throw notFound('Blog post not found');
  await db.getRepository(Blog).update(blog.id, { hidden });
  return { ...blog, hidden };
}
