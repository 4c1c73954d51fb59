import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { PAGE_TITLE_ATTRIBUTE } from '../lib/page-focus';
import './page-header.css';

/**
 * Title block at the top of a view. Styled with the theme's tokens exactly as antd's
 * `Typography.Title level={3}` and secondary `Typography.Paragraph` are; antd's Typography carries
 * its editing and copying machinery (a text area, tooltips) into the first load of every view.
 */
export function PageHeader({
  title,
  tags,
  subtitle,
  extra,
}: {
  title: string;
  /** Shown next to the title, e.g. a status tag. */
  tags?: ReactNode;
  subtitle?: ReactNode;
  extra?: ReactNode;
}) {
  const { token } = theme.useToken();
  return (
    <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 20 }}>
      <div>
        <Flex align="center" gap={12} wrap>
          <h1
            // Where the skip link and a lost focus lead; never a Tab stop.
            {...{ [PAGE_TITLE_ATTRIBUTE]: '' }}
            tabIndex={-1}
            className="page-title"
            style={{
              margin: 0,
              color: token.colorTextHeading,
              fontWeight: token.fontWeightStrong,
              fontSize: token.fontSizeHeading3,
              lineHeight: token.lineHeightHeading3,
              wordBreak: 'break-word',
            }}
          >
            {title}
          </h1>
          {tags}
        </Flex>
        {subtitle && (
          <div
            style={{
              margin: '4px 0 0',
              color: token.colorTextDescription,
              lineHeight: token.lineHeight,
              wordBreak: 'break-word',
            }}
          >
            {subtitle}
          </div>
        )}
      </div>
      {extra}
    </Flex>
  );
}
