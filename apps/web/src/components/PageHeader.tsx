import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** Title block at the top of a view. */
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
  return (
    <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 20 }}>
      <div>
        <Flex align="center" gap={12} wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {tags}
        </Flex>
        {subtitle && (
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
            {subtitle}
          </Typography.Paragraph>
        )}
      </div>
      {extra}
    </Flex>
  );
}
