import { fireEvent, screen } from '@testing-library/react';
import { renderRoute } from '../test/render';
import { CourseCard } from './course-card';

const course = {
  __typename: 'Course' as const,
  id: '6c1f3c52-5b1e-4d0c-9a43-0b7f1f7e2a10',
  name: 'Class 9 Physics',
  description: 'Motion, force and energy.',
  isFree: false,
  priceTaka: { amount: 180_000, currency: 'BDT' as const },
  photoURL: '/media/courses/physics.svg',
  averageRating: 4.8 as number | null,
  ratingCount: 3,
  instructor: 'Anisul Hoque',
  category: 'SCHOOL' as const,
  language: 'EN' as const,
};

describe('a course card', () => {
  it('shows the course and sends Preview (to its first free preview lesson) and Enroll Now to its own page', () => {
    renderRoute(<CourseCard course={course} />);
    expect(screen.getByText('Class 9 Physics')).toBeInTheDocument();
    expect(screen.getByTestId('card-price')).toHaveTextContent('Price: ৳1,800');
    expect(screen.queryByText(/\$/)).toBeNull();
    expect(screen.getByText('4.8 out of 5 (3 reviews)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preview' })).toHaveAttribute('href', `/course/${course.id}?preview=first`);
    expect(screen.getByRole('link', { name: 'Enroll Now' })).toHaveAttribute('href', `/course/${course.id}`);
  });

  it("says its reviews' rating and count in the page language, with Bengali digits on a Bangla page", () => {
    const english = renderRoute(<CourseCard course={{ ...course, averageRating: 4.5, ratingCount: 1 }} />);
    expect(screen.getByText('4.5 out of 5 (1 review)')).toBeInTheDocument();
    english.unmount();
    renderRoute(<CourseCard course={{ ...course, id: 'bangla-page', averageRating: 4.5, ratingCount: 12 }} />, { language: 'bn' });
    expect(screen.getByText('৫-এর মধ্যে ৪.৫ (১২টি রিভিউ)')).toBeInTheDocument();
  });

  it('shows no rating for a course nobody has reviewed', () => {
    renderRoute(<CourseCard course={{ ...course, averageRating: null, ratingCount: 0 }} />);
    expect(screen.queryByText(/out of 5/)).toBeNull();
  });

  it("says the language the course is taught in, named in the page's language, a Bangla title marked as Bangla for screen readers", () => {
    renderRoute(<CourseCard course={course} />);
    expect(screen.getByText('Language:', { exact: false })).toHaveTextContent('Language: English');
    renderRoute(<CourseCard course={{ ...course, id: 'bangla', name: 'পদার্থবিজ্ঞান – নবম-দশম শ্রেণি', language: 'BN' }} />);
    expect(screen.getAllByText('Language:', { exact: false })[1]).toHaveTextContent('Language: Bangla');
    expect(screen.getByRole('heading', { name: 'পদার্থবিজ্ঞান – নবম-দশম শ্রেণি' })).toHaveAttribute('lang', 'bn');
  });

  it('titles the course one level below the list it sits in', () => {
    renderRoute(<CourseCard course={course} />);
    expect(screen.getByRole('heading', { level: 3, name: 'Class 9 Physics' })).toBeInTheDocument();
    renderRoute(<CourseCard course={{ ...course, id: 'other', name: 'Class 10 Physics' }} titleAs="h2" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Class 10 Physics' })).toBeInTheDocument();
  });

  it('says Free for a free course, and no price', () => {
    renderRoute(<CourseCard course={{ ...course, isFree: true, priceTaka: { amount: 0, currency: 'BDT' } }} />);
    expect(screen.getByTestId('card-price')).toHaveTextContent('Free');
    expect(screen.queryByText(/৳|\$/)).toBeNull();
  });

  it('in search results shows the description and BUY NOW', () => {
    renderRoute(<CourseCard course={course} variant="search" />);
    expect(screen.getByText('Motion, force and energy.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'BUY NOW' })).toHaveAttribute('href', `/course/${course.id}`);
    expect(screen.queryByRole('link', { name: 'Preview' })).toBeNull();
  });

  it("shows its category's placeholder when the course has no picture", () => {
    renderRoute(<CourseCard course={{ ...course, photoURL: null }} />);
    expect(screen.getByRole('img', { name: 'Class 9 Physics' })).toHaveAttribute('src', '/media/courses/placeholder-school.svg');
    renderRoute(<CourseCard course={{ ...course, id: 'other', name: 'Excel', photoURL: '', category: 'PROFESSIONAL' }} />);
    expect(screen.getByRole('img', { name: 'Excel' })).toHaveAttribute('src', '/media/courses/placeholder-professional.svg');
  });

  it('shows the placeholder instead of a picture that fails to load', () => {
    renderRoute(<CourseCard course={{ ...course, photoURL: 'https://pictures.example/gone.png' }} />);
    const picture = screen.getByRole('img', { name: 'Class 9 Physics' });
    expect(picture).toHaveAttribute('src', 'https://pictures.example/gone.png');
    fireEvent.error(picture);
    expect(picture).toHaveAttribute('src', '/media/courses/placeholder-school.svg');
  });
});
